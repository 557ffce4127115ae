import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SearchPage from '../../src/pages/search.astro';
import { installDatabase } from '../../src/server/db/index.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { injectedMarkup } from '../support/hostile/injected-markup.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { type SearchBuild, writeSearchBuild } from '../support/search-files.ts';

/**
 * The search page without JavaScript (docs/decisions/0018-search.md): an Astro page rendered per
 * request from the build's index, in the site's layout, the filters a plain GET form.
 */
const page = async (query: string) => {
  const res = await requestPage(SearchPage, `/search?${query}`, { params: {} });
  return { res, html: await res.text() };
};
/** Result names in page order. */
const names = (html: string) =>
  [...html.matchAll(/<li class="search-result">.*?<h3><a href="[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);

describe.each(DATABASE_KINDS)('the search page on %s', (kind) => {
  let database: TestDatabase;
  let built: SearchBuild;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    built = await writeSearchBuild(database.db);
  });
  afterAll(async () => {
    built.dispose();
    await database.dispose();
  });

  it('answers without JavaScript: results, the filters as a GET form, the query kept', async () => {
    const { res, html } = await page('q=hoodie&color=Black&sort=price-desc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<title>Search results for “hoodie” | West Texas Prints</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:4321/search">');
    expect(names(html)).toEqual(['Caprock Sunset Hoodie', 'Game Day Pullover Hoodie']);
    expect(html).toContain('2 results for “hoodie”');
    expect(html).toMatch(/<form class="search-filters" method="get" action="\/search"/);
    expect(html).toMatch(/name="color" value="Black" checked/);
    expect(html).toMatch(/<option value="price-desc" selected>/);
    expect(html).toContain('<input type="hidden" name="q" value="hoodie">');
    // Folded on a small screen, the filters still say the results are narrowed.
    expect(html).toMatch(/<summary>Filter and sort <span class="applied">\(1 applied\)<\/span><\/summary>/);
  });

  it('wears the site’s layout: the header with its search field and collections, the footer', async () => {
    const { html } = await page('q=mug');
    expect(html).toContain('<a class="skip-link" href="#main">Skip to content</a>');
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('id="site-search"');
    expect(html).toContain('href="/collections/friday-night-lights"');
    expect(html).toMatch(/<footer[^>]*>[\s\S]*West Texas Prints[\s\S]*<\/footer>/);
    expect(html).toMatch(/<main id="main"[^>]*>[\s\S]*<h1 class="search-title">Search<\/h1>/);
  });

  it('"in stock" with a size keeps products stocked in that size (the Game Day hoodie is out of 3XL)', async () => {
    expect(names((await page('q=hoodie&size=3XL')).html).sort()).toEqual([
      'Caprock Sunset Hoodie',
      'Game Day Pullover Hoodie',
    ]);
    expect(names((await page('q=hoodie&size=3XL&stock=1')).html)).toEqual(['Caprock Sunset Hoodie']);
  });

  it("redirects a form's address (empty fields, its own order) to the search's one address", async () => {
    const { res } = await page('sort=price-asc&q=tee&min=&max=20&color=Black');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/search?q=tee&color=Black&max=20&sort=price-asc');
    expect((await page('q=tee&color=Black&max=20&sort=price-asc')).res.status).toBe(200);
  });

  it('keeps the site’s referrer policy: its address names no one (a signed link’s page says same-origin)', async () => {
    const { res } = await page('q=hoodie');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('says so when nothing matches, with a way out', async () => {
    const { res, html } = await page('q=xylophone');
    expect(res.status).toBe(200);
    expect(html).toContain('0 results for “xylophone”');
    expect(html).toContain('href="/catalog"');
  });

  it('offers to clear the filters that hid every match, keeping the words and the order', async () => {
    const { html } = await page('q=hoodie&size=XS-nonexistent&sort=price-asc');
    const clear = html.match(/<a href="([^"]*)">Clear the filters<\/a>/)?.[1]?.replaceAll('&amp;', '&');
    expect(clear).toBeDefined();
    const params = new URL(clear!, 'https://shop.example').searchParams;
    expect(params.get('q')).toBe('hoodie');
    expect(params.get('sort')).toBe('price-asc');
    expect(params.has('size')).toBe(false);
  });

  it('refuses a query it cannot read with the reason per field, and stores nothing', async () => {
    const { res, html } = await page('q=tee&sort=cheapest&max=lots');
    expect(res.status).toBe(400);
    expect(html).toContain('Choose a sort order from the list (featured, price-asc, price-desc, newest).');
    expect(html).toContain('Enter the highest price in dollars, like 40 or 39.99.');
    // The page keeps the words and shows the refused price as typed, at its field.
    expect(html).toContain('id="search-page-q" type="search" name="q" value="tee"');
    expect(html).toMatch(/name="max" [^>]*value="lots" aria-invalid="true"/);
    // Every other filter stays as sent, so fixing the price keeps them.
    const kept = await page('q=hoodie&color=Black&min=abc');
    expect(kept.res.status).toBe(400);
    expect(kept.html).toMatch(/name="color" value="Black" checked/);
    expect(kept.html).toMatch(/name="min" [^>]*value="abc" aria-invalid="true"/);
  });

  it('escapes what the customer typed', async () => {
    const { html } = await page(new URLSearchParams({ q: '"><script>alert(1)</script>' }).toString());
    // As a browser parses it: in text escaped, in a quoted value="…" (never read as markup) kept.
    expect(injectedMarkup(html)).toEqual([]);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('value="&quot;><script>alert(1)</script>"');
  });
});

describe('the search page while the database is down', () => {
  it('answers from the build’s files alone, the build’s shop name and collections in its layout', async () => {
    const database = await createTestDatabase('pglite');
    const built = await writeSearchBuild(database.db);
    const savedUrl = process.env['DATABASE_URL'];
    try {
      // A closed database: any query the page made would fail.
      await database.dispose();
      installDatabase(database);
      process.env['DATABASE_URL'] = 'postgres://nobody@127.0.0.1:9/none';
      const { res, html } = await page('q=mug');
      expect(res.status).toBe(200);
      expect(html).toMatch(/results? for “mug”/);
      expect(html).toContain('<title>Search results for “mug” | West Texas Prints</title>');
      expect(html).toContain('href="/collections/friday-night-lights"');
    } finally {
      if (savedUrl === undefined) delete process.env['DATABASE_URL'];
      else process.env['DATABASE_URL'] = savedUrl;
      built.dispose();
    }
  });

  it('before the first build, says search is not ready (503 with Retry-After) in the site’s layout', async () => {
    const saved = process.env['SHOP_OUT_DIR'];
    process.env['SHOP_OUT_DIR'] = '/nonexistent/shop-build';
    try {
      const { res, html } = await page('q=mug');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(html).toContain('Search is not ready yet; try again in a minute.');
      expect(html).toContain('<a class="skip-link" href="#main">Skip to content</a>');
    } finally {
      if (saved === undefined) delete process.env['SHOP_OUT_DIR'];
      else process.env['SHOP_OUT_DIR'] = saved;
    }
  });
});
