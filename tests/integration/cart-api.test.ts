import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cart from '../../netlify/functions/cart.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  callFunction(cart, '/api/cart', {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe.each(DATABASE_KINDS)('POST /api/cart on %s', (kind) => {
  let database: TestDatabase;
  let productId: string;
  const cartCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from carts`.execute(database.db)).rows[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    productId = (await database.db.selectFrom('products').select('id').limit(1).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => database.dispose());

  it('creates a cart and answers its id, then refreshes the same cart', async () => {
    const first = await post({ cartId: null, items: [{ productId, colorId: null, sizeId: null, quantity: 2 }] });
    expect(first.status).toBe(200);
    const { id } = (await first.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await post({ cartId: id, items: [{ productId, quantity: 5 }], discountCode: 'SAVE10' });
    expect(await again.json()).toEqual({ id });
    const row = await database.db.selectFrom('carts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.items).toEqual([{ productId, colorId: null, sizeId: null, quantity: 5 }]);
    expect(row.discount_code).toBe('SAVE10');
  });

  it('starts a new cart when the browser holds an id the server does not know', async () => {
    const stale = '00000000-0000-4000-8000-000000000000';
    const res = await post({ cartId: stale, items: [] });
    const { id } = (await res.json()) as { id: string };
    expect(id).not.toBe(stale);
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const before = await cartCount();
    const bad = await post({ items: [{ productId: 'nope', quantity: 0 }] });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.fields).sort()).toEqual(['items.0.productId', 'items.0.quantity']);

    expect((await post({ items: [], price_cents: 1 })).status).toBe(400);
    expect((await post('{"items": [', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await post({ items: [] }, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post({ items: [], discountCode: 'x'.repeat(70_000) })).status).toBe(413);
    expect(await cartCount()).toBe(before);
  });
});
