import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the decisions kept in docs/decisions/ (docs/decisions/0026-house-renovation.md), never an issue
 * number or the specification outside the repository, and every file or spec section they cite exists.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_DIRS = ['src', 'scripts', 'tests', 'netlify', 'supabase'];
const DOCS = ['README.md', 'ARCHITECTURE.md'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|astro|css|sql)$/;
const SKIP = new Set(['node_modules', 'dist', '.astro', '.netlify', '.data', 'test-results']);

const ISSUE = /\b[Ii]ssues? #\d+/g;
const SPEC = /\b[Ss]pec \u00a7\s*\d*/g;
const DECISION_PATH = /docs\/decisions\/([A-Za-z0-9._-]+\.md)(#[A-Za-z0-9-]+)?/g;
const DECISION_NUMBER = /\bdecision (\d{4})\b/g;

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const decisionFiles = new Set(readdirSync(join(ROOT, 'docs/decisions')).filter((name) => name.endsWith('.md')));
const anchors = (name: string) =>
  new Set(
    [...readFileSync(join(ROOT, 'docs/decisions', name), 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]),
  );

/** What is wrong with one file's citations, as "what: the text" lines. */
function problems(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(ISSUE)) found.push(`cites an issue instead of a decision: ${m[0]}`);
  for (const m of text.matchAll(SPEC)) found.push(`cites the spec instead of docs/decisions/spec-rules.md: ${m[0]}`);
  for (const m of text.matchAll(DECISION_PATH)) {
    const [all, name = '', anchor] = m;
    if (!decisionFiles.has(name)) found.push(`cites a decision file that does not exist: ${all}`);
    else if (anchor && !anchors(name).has(anchor.slice(1))) found.push(`cites a section that does not exist: ${all}`);
  }
  for (const m of text.matchAll(DECISION_NUMBER)) {
    if (![...decisionFiles].some((name) => name.startsWith(`${m[1]}-`))) found.push(`cites no decision: ${m[0]}`);
  }
  return found;
}

const THIS_FILE = fileURLToPath(import.meta.url);

describe('decision links', () => {
  it('finds what it must refuse', () => {
    // Written in parts so that a rewrite of the tree's citations leaves these cases alone.
    expect(problems(['(issue', '#29)'].join(' '))).toHaveLength(1);
    expect(problems(['(Issues', '#15 and #25)'].join(' '))).toHaveLength(1);
    expect(problems('(spec \u00a74)')).toHaveLength(1);
    expect(problems('(docs/decisions/0029-no-such-file.md)')).toHaveLength(1);
    expect(problems('(docs/decisions/spec-rules.md#s42)')).toHaveLength(1);
    expect(problems('(decision 0099)')).toHaveLength(1);
    expect(problems('(docs/decisions/0029-deposits.md, docs/decisions/spec-rules.md#s4, decision 0018)')).toEqual([]);
  });

  it('source files, README and ARCHITECTURE cite decisions, and every cited decision exists', () => {
    const paths = [...SOURCE_DIRS.flatMap((dir) => files(join(ROOT, dir))), ...DOCS.map((doc) => join(ROOT, doc))];
    const wrong = paths
      .filter((path) => path !== THIS_FILE)
      .flatMap((path) => problems(readFileSync(path, 'utf8')).map((problem) => `${relative(ROOT, path)}: ${problem}`));
    expect(wrong).toEqual([]);
  });

  it('the decisions index lists every decision file', () => {
    const index = readFileSync(join(ROOT, 'docs/decisions/README.md'), 'utf8');
    const missing = [...decisionFiles].filter((name) => name !== 'README.md' && !index.includes(`(${name})`));
    expect(missing).toEqual([]);
  });
});
