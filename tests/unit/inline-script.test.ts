import { runInNewContext } from 'node:vm';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { inlineScriptPlugin } from '../../src/build/inline-script.ts';

/** What `import code from '<entry>?inline-script'` gives a page. */
async function inlineScript(entry: string): Promise<{ code: string; watched: string[] }> {
  const plugin = inlineScriptPlugin();
  const watched: string[] = [];
  const load = plugin.load as (this: unknown, id: string) => Promise<string>;
  const module = await load.call({ addWatchFile: (file: string) => watched.push(file) }, `${entry}?inline-script`);
  const match = /^export default (".*");$/s.exec(module);
  if (!match) throw new Error(`not a module of one string: ${module.slice(0, 80)}`);
  return { code: JSON.parse(match[1]!) as string, watched };
}

const PAINT = resolve('src/deferred-loading/cart-first-paint/paint.ts');

describe('?inline-script: a script a page inlines, bundled at build time', () => {
  it('bundles the cart’s first paint with what it imports into one classic script that runs on its own', async () => {
    const { code, watched } = await inlineScript(PAINT);
    // Nothing left to load: a classic script cannot import, and the page gives it no module scope.
    expect(code).not.toMatch(/\bimport\s*[\s{(*"']|\bexport\s|\brequire\(/);
    // Its imports are watched, so `astro dev` rebuilds the page when pricing or the markup changes.
    expect(watched).toEqual(
      expect.arrayContaining([PAINT, resolve('src/lib/pricing.ts'), resolve('src/lib/cart-storage.ts')]),
    );
    // Run as a page would without the island next to it: it stops quietly.
    const errors = vi.fn();
    runInNewContext(code, { document: { currentScript: null }, console: { error: errors } });
    expect(errors).not.toHaveBeenCalled();
  });

  it('keeps the cart page light: the first paint adds at most 6 KB gzipped to its HTML', async () => {
    const { code } = await inlineScript(PAINT);
    expect(gzipSync(code).length).toBeLessThanOrEqual(6 * 1024);
  });
});
