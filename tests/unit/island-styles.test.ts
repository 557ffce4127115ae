import { describe, expect, it } from 'vitest';
import { hoistIslandStyles, ISLAND_STYLE } from '../../src/build/island-styles.ts';

const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

/**
 * Astro 7 writes its island rule as a `<style>` beside a page's first island, in the body: the HTML
 * checker's one error on the store pages (issue 44, item 15). The build moves it to the head.
 */
describe('hoistIslandStyles', () => {
  it('moves Astro’s island rule from the body to the end of the head, once', () => {
    const html = page(
      '<title>Store</title>',
      `<main>${ISLAND_STYLE}<script>island()</script><astro-island uid="a"></astro-island></main>`,
    );
    expect(hoistIslandStyles(html)).toBe(
      page(
        `<title>Store</title>${ISLAND_STYLE}`,
        '<main><script>island()</script><astro-island uid="a"></astro-island></main>',
      ),
    );
  });

  it('leaves a page without islands, and any other style, as it was', () => {
    const html = page(
      '<style>body{margin:0}</style>',
      '<noscript><style>.x{display:none}</style></noscript><main></main>',
    );
    expect(hoistIslandStyles(html)).toBe(html);
  });

  it('the rule is the one Astro writes', async () => {
    // Astro's own text: if an upgrade changes it, this says so rather than the pages keeping it in the body.
    const { ISLAND_STYLES } = await import('../../node_modules/astro/dist/runtime/server/astro-island-styles.js');
    expect(ISLAND_STYLE).toBe(`<style>${ISLAND_STYLES}</style>`);
  });
});
