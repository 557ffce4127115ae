import { describe, expect, it } from 'vitest';
import { deferPageScripts, loaderScript } from '../../src/deferred-loading/deferred-scripts.ts';

const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

describe('deferPageScripts', () => {
  it('replaces the bundled module scripts with one loader at the end of the body', () => {
    const html = page(
      '<script type="module" src="/_astro/Header.a1.js"></script><script type="module" src="/_astro/Cart.b2.js"></script>',
      '<main>Hello</main><script type="module" src="/_astro/Header.a1.js"></script>',
    );
    const out = deferPageScripts(html);
    expect(out).not.toContain('src="/_astro/');
    expect(out).toContain('<main>Hello</main>');
    expect(
      out.endsWith(
        `<script type="module" data-deferred-scripts>${loaderScript(['/_astro/Header.a1.js', '/_astro/Cart.b2.js'])}</script></body></html>`,
      ),
    ).toBe(true);
  });

  it('leaves inline scripts, data blocks, outside scripts and pages without bundled scripts alone', () => {
    const kept =
      '<script>(()=>{island()})()</script><script type="application/ld+json">{"@type":"Product"}</script>' +
      '<script async src="https://js.stripe.com/v3/buy-button.js"></script>';
    const html = page(kept, '<main>No scripts</main>');
    expect(deferPageScripts(html)).toBe(html);
    const withOne = deferPageScripts(page(kept, '<script type="module" src="/_astro/a.js"></script>'));
    expect(withOne).toContain(kept);
  });

  it('refuses a page it cannot place the loader in', () => {
    expect(() => deferPageScripts('<script type="module" src="/_astro/a.js"></script>')).toThrow(/no <\/body>/);
  });
});
