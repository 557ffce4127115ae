import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md's `src/server` row names every folder there is, and no other
 * (docs/decisions/0026-house-renovation.md).
 */
describe('ARCHITECTURE.md', () => {
  it('lists exactly the folders of src/server', () => {
    const text = readFileSync(new URL('../../ARCHITECTURE.md', import.meta.url), 'utf8');
    const row = text.split('\n').find((line) => line.startsWith('| `src/server` |'));
    expect(row, 'the src/server row of the layout table').toBeDefined();
    const listed = [...row!.matchAll(/`([a-z-]+)\/`/g)].map((m) => m[1]).sort();
    const folders = readdirSync(new URL('../../src/server', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(listed).toEqual(folders);
  });
});
