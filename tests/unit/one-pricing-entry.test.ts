import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/import-graph.ts';

/**
 * One entry prices a line whatever its method (issue 43, item 4): checkout, quotes and order changes
 * call `priceLines` (src/lib/pricing/price-lines.ts). The list engine's own `priceListLines` is
 * pricing's inside; a caller elsewhere would price list lines its own way beside the entry.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const INSIDE = 'src/lib/pricing/';

/** Files outside pricing that name the list engine's entry as a value (imports of its types are fine). */
function callersOutsidePricing(files: readonly { path: string; text: string }[]): string[] {
  return files
    .filter(({ path }) => !path.startsWith(INSIDE))
    .filter(
      ({ text }) => /\bpriceListLines\s*\(/.test(text) || /import\s*\{[^}]*(?<!type )\bpriceListLines\b/.test(text),
    )
    .map(({ path }) => path);
}

describe('one entry prices every line', () => {
  it('finds a caller of the list engine outside pricing', () => {
    const planted = {
      path: 'src/lib/quotes/x.ts',
      text: "import { priceListLines } from '../pricing/price-list-lines.ts';",
    };
    expect(callersOutsidePricing([planted])).toEqual(['src/lib/quotes/x.ts']);
    const typeOnly = {
      path: 'src/server/y.ts',
      text: "import { type ListCharge } from '../lib/pricing/price-list-lines.ts';",
    };
    expect(callersOutsidePricing([typeOnly])).toEqual([]);
  });

  it('no code outside src/lib/pricing calls priceListLines', () => {
    const files = sourceFiles(resolve(ROOT, 'src')).map((path) => ({
      path: relative(ROOT, path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(callersOutsidePricing(files)).toEqual([]);
  });
});
