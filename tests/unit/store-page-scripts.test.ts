import { describe, expect, it } from 'vitest';
import { pageScriptGraph, runtimeImports } from '../support/client-imports.ts';

/**
 * The team store page once shipped 30.5 KB of the admin's order schemas and zod,
 * pulled in by one time-zone constant (store-words.ts → admin-schemas/orders.ts). Its scripts
 * count pieces sold and the time left; they need no schema.
 */
describe("the team store page's scripts", () => {
  const graph = pageScriptGraph('src/pages/stores/[slug].astro');

  it('reach the store words and the time zone they are written in (the walk sees the page)', () => {
    expect(graph.files).toContain('src/scripts/store-progress.ts');
    expect(graph.files).toContain('src/lib/stores/store-words.ts');
    expect(graph.files).toContain('src/lib/site/shop-time-zone.ts');
  });

  it('load neither zod nor the admin schemas', () => {
    expect(graph.files.filter((file) => file.startsWith('src/lib/admin-schemas/'))).toEqual([]);
    expect(graph.files).not.toContain('src/lib/zod.ts');
    expect(graph.packages.get('zod')).toBeUndefined();
  });
});

describe('reading the imports a script keeps at run time', () => {
  it('counts values and side effects, and leaves out type-only and dynamic imports', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import { type B } from './b.ts';",
      "import { c,\n  d } from './c.ts';",
      "import './d.css';",
      "export { e } from './e.ts';",
      "export type { F } from './f.ts';",
      "const g = await import('./g.ts');",
    ].join('\n');
    expect(runtimeImports(source).sort()).toEqual(['./b.ts', './c.ts', './d.css', './e.ts']);
  });
});
