import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import searchApi from '../../netlify/functions/search-api.mts';
import searchPage from '../../netlify/functions/search.mts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { type SearchBuild, writeSearchBuild } from '../support/search-files.ts';

interface Suggestions {
  total: number;
  url: string;
  results: { kind: string; name: string; url: string; price: string; availability: string }[];
}

describe.each(DATABASE_KINDS)('search on %s', (kind) => {
  let database: TestDatabase;
  let built: SearchBuild;

  const suggest = async (query: string) => {
    const res = await callFunction(searchApi, `/api/search?${query}`);
    return { status: res.status, body: (await res.json()) as Suggestions };
  };
  const page = async (query: string) => {
    const res = await callFunction(searchPage, `/search?${query}`);
    return { res, html: await res.text() };
  };
  /** Result names in page order, from the no-JavaScript page. */
  const names = (html: string) =>
    [...html.matchAll(/<li class="search-result">.*?<h3><a href="[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    built = await writeSearchBuild(database.db);
  });
  afterAll(async () => {
    built.dispose();
    await database.dispose();
  });

  it('suggests hoodies for "hood", tier prices as "from", with a link to every result', async () => {
    const { status, body } = await suggest('q=hood&limit=2');
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThan(2);
    expect(body.url).toBe('/search?q=hood');
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toEqual({
      kind: 'product',
      name: 'Game Day Pullover Hoodie',
      url: '/collections/friday-night-lights/products/game-day-hoodie',
      image: expect.stringContaining('game-day-hoodie.webp'),
      price: 'from $30.00',
      availability: 'In stock',
    });
  });

  it('puts the product named exactly as typed first, and forgives a typo', async () => {
    expect((await suggest('q=caprock%20sunset%20hoodie')).body.results[0]?.name).toBe('Caprock Sunset Hoodie');
    expect((await suggest('q=hoddie')).body.results.map((r) => r.name)).toContain('Caprock Sunset Hoodie');
    expect((await suggest('q=WTO-CAPROCK')).body.results[0]?.name).toBe('Caprock Sunset Hoodie');
  });

  it('answers the search page without JavaScript: results, the filters as a GET form, the query kept', async () => {
    const { res, html } = await page('q=hoodie&color=Black&sort=price-desc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<title>Search results for “hoodie” | West Texas Prints</title>');
    expect(html).toContain('href="https://shop.example/search"');
    expect(names(html)).toEqual(['Caprock Sunset Hoodie', 'Game Day Pullover Hoodie']);
    expect(html).toContain('2 results for “hoodie”');
    expect(html).toMatch(/<form class="search-filters" method="get" action="\/search"/);
    expect(html).toMatch(/name="color" value="Black" checked/);
    expect(html).toMatch(/<option value="price-desc" selected>/);
    expect(html).toContain('<input type="hidden" name="q" value="hoodie">');
    // Folded on a small screen, the filters still say the results are narrowed.
    expect(html).toMatch(/<summary>Filter and sort <span class="applied">\(1 applied\)<\/span><\/summary>/);
  });

  it('"in stock" with a size keeps products stocked in that size (the Game Day hoodie is out of 3XL)', async () => {
    expect(names((await page('q=hoodie&size=3XL')).html).sort()).toEqual([
      'Caprock Sunset Hoodie',
      'Game Day Pullover Hoodie',
    ]);
    expect(names((await page('q=hoodie&size=3XL&stock=1')).html)).toEqual(['Caprock Sunset Hoodie']);
  });

  it('a price range and sorting by price apply to the lowest price per piece', async () => {
    const { body } = await suggest('type=apparel&max=30&sort=price-asc&limit=24');
    // The first amount: "$26.00", or "from $12.50 each at 576 pieces" for a list-priced one.
    const prices = body.results.map((r) => Number(/\$([\d,]+\.\d\d)/.exec(r.price)![1]!.replace(/,/g, '')));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(Math.max(...prices)).toBeLessThanOrEqual(30);
    expect(body.results.every((r) => r.kind === 'product')).toBe(true);
  });

  it("redirects a form's address (empty fields, its own order) to the search's one address", async () => {
    const { res } = await page('sort=price-asc&q=tee&min=&max=20&color=Black');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/search?q=tee&color=Black&max=20&sort=price-asc');
    expect((await page('q=tee&color=Black&max=20&sort=price-asc')).res.status).toBe(200);
  });

  it('says so when nothing matches, with a way out', async () => {
    const { res, html } = await page('q=xylophone');
    expect(res.status).toBe(200);
    expect(html).toContain('0 results for “xylophone”');
    expect(html).toContain('href="/catalog"');
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
    const bad = await callFunction(searchApi, `/api/search?q=${'a'.repeat(101)}&limit=99`);
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.fields).sort()).toEqual(['limit', 'q']);
  });

  it('escapes what the customer typed', async () => {
    const { html } = await page(new URLSearchParams({ q: '<script>alert(1)</script>' }).toString());
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows what a rebuild wrote at the next search (an admin rename)', async () => {
    await sql`update products set name = 'Caprock Canyon Hoodie' where slug = 'caprock-sunset-hoodie'`.execute(
      database.db,
    );
    await built.rebuild();
    const names = (await suggest('q=caprock')).body.results.map((r) => r.name);
    expect(names).toContain('Caprock Canyon Hoodie');
    expect(names).not.toContain('Caprock Sunset Hoodie');
  });

  it('forgives swapped letters, joined words and synonyms, and takes the owner’s synonyms at a rebuild', async () => {
    const found = async (q: string) => (await suggest(`q=${encodeURIComponent(q)}`)).body.results.map((r) => r.name);
    expect(await found('hoodei')).toContain('Game Day Pullover Hoodie');
    expect((await found('yardsign'))[0]).toMatch(/Yard Sign$/);
    expect(await found('lawn sign')).toContain('Custom Coroplast Yard Sign');
    expect(await found('stein')).toEqual([]);
    await database.db
      .insertInto('search_synonyms')
      .values({ phrases: ['stein', 'mug'] })
      .execute();
    await built.rebuild();
    expect(await found('stein')).toEqual(expect.arrayContaining(['Diner Ceramic Mug', 'Enamel Camp Mug']));
  });
});

describe('search while the database is down', () => {
  it('answers from the build’s files alone', async () => {
    const database = await createTestDatabase('pglite');
    const built = await writeSearchBuild(database.db);
    const savedUrl = process.env['DATABASE_URL'];
    try {
      await database.dispose();
      // Nothing listens there: any database call would fail.
      process.env['DATABASE_URL'] = 'postgres://nobody@127.0.0.1:9/none';
      const res = await callFunction(searchPage, '/search?q=mug');
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/results? for “mug”/);
      const api = await callFunction(searchApi, '/api/search?q=mug');
      expect(api.status).toBe(200);
    } finally {
      if (savedUrl === undefined) delete process.env['DATABASE_URL'];
      else process.env['DATABASE_URL'] = savedUrl;
      built.dispose();
    }
  });

  it('before the first build, says search is not ready (503 with Retry-After), not a server error', async () => {
    const saved = process.env['SHOP_OUT_DIR'];
    process.env['SHOP_OUT_DIR'] = '/nonexistent/shop-build';
    try {
      const res = await callFunction(searchApi, '/api/search?q=mug');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('search_not_built');
    } finally {
      if (saved === undefined) delete process.env['SHOP_OUT_DIR'];
      else process.env['SHOP_OUT_DIR'] = saved;
    }
  });
});
