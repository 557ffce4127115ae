import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md's layout table says what there is: its `src/server` row names every folder
 * there is and no other (docs/decisions/0026-house-renovation.md), its islands row every
 * hydrated root, its tests row every test folder, and its functions row every scheduled function;
 * the README's tree names every test folder too.
 */
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const architecture = read('ARCHITECTURE.md');

function row(folder: string): string {
  const found = architecture.split('\n').find((line) => line.startsWith(`| \`${folder}\` |`));
  expect(found, `the ${folder} row of the layout table`).toBeDefined();
  return found!;
}

const entries = (path: string) => readdirSync(new URL(`../../${path}`, import.meta.url), { withFileTypes: true });

describe('ARCHITECTURE.md', () => {
  it('lists exactly the folders of src/server', () => {
    const listed = [...row('src/server').matchAll(/`([a-z-]+)\/`/g)].map((m) => m[1]).sort();
    const folders = entries('src/server')
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(listed).toEqual(folders);
  });

  it('names every hydrated root of src/islands', () => {
    const listed = [...row('src/islands').matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]).sort();
    const roots = entries('src/islands')
      .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'))
      .map((entry) => entry.name.replace(/\.tsx$/, ''))
      .sort();
    expect(listed).toEqual(roots);
  });

  it('names every folder of tests, and the README does too', () => {
    const folders = entries('tests')
      .filter((entry) => entry.isDirectory() && entry.name !== 'fixtures')
      .map((entry) => entry.name)
      .sort();
    const listed = [...row('tests').matchAll(/`([a-z0-9-]+)`/g)]
      .map((m) => m[1])
      .filter((name) => folders.includes(name!));
    expect([...new Set(listed)].sort()).toEqual(folders);
    const tree = read('README.md')
      .split('\n')
      .find((line) => line.startsWith('tests/'));
    const inReadme = [...(tree ?? '').matchAll(/tests\/([a-z0-9-]+)/g)].map((m) => m[1]).sort();
    expect(inReadme).toEqual(folders);
  });

  it('names every scheduled function', () => {
    const scheduled = entries('netlify/functions')
      .filter((entry) => entry.isFile() && /\bschedule:/.test(read(`netlify/functions/${entry.name}`)))
      .map((entry) => entry.name.replace(/\.mts$/, ''))
      .sort();
    expect(scheduled.length).toBeGreaterThan(0);
    const functionsRow = row('netlify/functions');
    for (const name of scheduled) expect(functionsRow).toContain(`\`${name}\``);
  });
});
