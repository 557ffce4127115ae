import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import collection from '../../netlify/functions/collection.mts';
import collections from '../../netlify/functions/collections.mts';
import type { CollectionDetail, CollectionSummary } from '../../src/lib/catalog/catalog.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DRIVER_KINDS, type TestDatabase } from '../support/databases.ts';

describe.each(DRIVER_KINDS)('collections API on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('GET /api/collections lists the active collections in shop order', async () => {
    const res = await callFunction(collections, '/api/collections');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as CollectionSummary[];
    const { rows } = await sql<{ slug: string }>`
      select slug from collections where is_active order by sort_order, name`.execute(database.db);
    expect(body.map((c) => c.slug)).toEqual(rows.map((r) => r.slug));
    expect(body.find((c) => c.slug === 'city-champ-golf')).toMatchObject({
      name: 'City Champ Golf',
      is_featured: true,
    });
    expect(Object.keys(body[0]!).sort()).toEqual([
      'description',
      'id',
      'image_main_url',
      'is_featured',
      'name',
      'slug',
    ]);
  });

  it('GET /api/collections/{slug} answers the collection with its active products', async () => {
    const res = await callFunction(collection, '/api/collections/city-champ-golf', {
      params: { slug: 'city-champ-golf' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CollectionDetail;
    expect(body.name).toBe('City Champ Golf');
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) {
      expect(p.collection).toBe('city-champ-golf');
      expect(Number.isInteger(p.price_cents)).toBe(true);
    }
  });

  it('answers 404 with a JSON error for an unknown or inactive collection', async () => {
    const res = await callFunction(collection, '/api/collections/no-such-thing', { params: { slug: 'no-such-thing' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'There is no collection "no-such-thing".' },
    });

    await sql`update collections set is_active = false where slug = 'city-champ-golf'`.execute(database.db);
    const hidden = await callFunction(collection, '/api/collections/city-champ-golf', {
      params: { slug: 'city-champ-golf' },
    });
    expect(hidden.status).toBe(404);
    const list = (await (await callFunction(collections, '/api/collections')).json()) as CollectionSummary[];
    expect(list.some((c) => c.slug === 'city-champ-golf')).toBe(false);
  });

  it('answers 503 with Retry-After when the database is gone, not a crash', async () => {
    // PGlite: the owner closed it; Postgres: nothing listens where the database should be.
    const gone: DatabaseHandle & { dispose?: () => Promise<void> } =
      kind === 'pglite'
        ? await createTestDatabase('pglite')
        : await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/shop', maxConnections: 1 });
    if (kind === 'pglite') await gone.close();
    installDatabase(gone);
    try {
      const res = await callFunction(collections, '/api/collections');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    } finally {
      installDatabase(database);
      if (kind === 'pglite') await gone.dispose?.();
      else await gone.close();
    }
  });
});
