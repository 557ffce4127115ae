import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import searchApi from '../../netlify/functions/search-api.mts';
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

  it('a price range and sorting by price apply to the lowest price per piece', async () => {
    const { body } = await suggest('type=apparel&max=30&sort=price-asc&limit=24');
    // The first amount: "$26.00", or "from $12.50 each at 576 pieces" for a list-priced one.
    const prices = body.results.map((r) => Number(/\$([\d,]+\.\d\d)/.exec(r.price)![1]!.replace(/,/g, '')));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(Math.max(...prices)).toBeLessThanOrEqual(30);
    expect(body.results.every((r) => r.kind === 'product')).toBe(true);
  });

  it('refuses a suggestions query it cannot read with the reason per field', async () => {
    const bad = await callFunction(searchApi, `/api/search?q=${'a'.repeat(101)}&limit=99`);
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.fields).sort()).toEqual(['limit', 'q']);
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
