import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { orderBySession, postJson, sessionIdOf, shopState } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { orderChangeCalls } from '../support/order-changes.ts';

/**
 * No order the provider cannot charge: Stripe takes at most $999,999.99 in USD, so a cart whose
 * total is more is refused in words with 400, storing nothing, as a quote is; and the order's
 * totals are wide enough that no cart makes the database overflow into a 500 (docs/decisions/0013-trust-audit.md).
 */
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const { adjust } = orderChangeCalls(adminProductSaves().authorization);

describe.each(DATABASE_KINDS)('the largest charge on %s', (kind) => {
  let database: TestDatabase;
  let banner: { productId: string; colorId: string | null; sizeId: string | null };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    // A banner has no colours or sizes: its stock is the product's. Enough for any cart, so the
    // refusal is about money, not stock.
    const row = await database.db
      .updateTable('products')
      .set({ stock_qty: 100_000 })
      .where('slug', '=', 'heavy-duty-vinyl-banner')
      .returning('id')
      .executeTakeFirstOrThrow();
    banner = { productId: row.id, colorId: null, sizeId: null };
  }, 120_000);
  afterAll(() => database.dispose());

  /** The largest banner the shop makes (50 × 10 ft, heavy vinyl, every finishing), 999 of them. */
  const largest = () => ({
    productId: banner.productId,
    colorId: banner.colorId,
    sizeId: banner.sizeId,
    quantity: 999,
    locations: [{ code: 'face', artworkId: null }],
    area: {
      widthIn: 600,
      heightIn: 120,
      material: 'vinyl-18oz',
      finishing: ['hems', 'grommets', 'pole-pockets', 'wind-slits'],
    },
  });
  const checkout = (items: unknown[]) => postJson(cartCheckout, '/api/cart/checkout', { items, fulfillment: 'local' });

  it.each([
    ['one line of the largest banners', 1],
    ['fifty lines of the largest banners', 50],
  ])('refuses %s in words with 400, storing nothing', async (_, lines) => {
    const before = await shopState(database.db);
    const res = await checkout(Array.from({ length: lines }, largest));
    const body = (await res.json()) as ErrorBody;
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toBe('An order can come to at most $999,999.99.');
    expect(body.error.fields?.['items']).toMatch(/Split/);
    expect(await shopState(database.db)).toEqual(before);
  });

  it('still takes a large banner order under the limit', async () => {
    const res = await checkout([{ ...largest(), quantity: 20 }]);
    expect(res.status).toBe(201);
  });

  it('refuses a change after payment that takes the order above the largest charge, keeping it as it was', async () => {
    const started = await checkout([{ ...largest(), quantity: 2 }]);
    expect(started.status).toBe(201);
    const order = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    await completeOrder(database.db, order.id, { email: `grown-${kind}@example.com`, name: 'Grown' });
    const res = await adjust(order.id, { amount_cents: 99_999_999, reason: 'A thousand more banners' });
    const body = (await res.json()) as ErrorBody;
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.error.message).toBe('An order can come to at most $999,999.99.');
    const after = await database.db
      .selectFrom('orders')
      .select('total_cents')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after.total_cents).toBe(order.total_cents);
  });

  it('keeps an order’s totals above 2^31 cents and reads them back as numbers', async () => {
    const big = 3_000_000_000;
    const row = await database.db
      .insertInto('orders')
      .values({
        email: `big-${kind}@example.com`,
        status: 'pending',
        fulfillment: 'local',
        subtotal_cents: big,
        total_cents: big,
        payment_provider: 'embedded',
        idempotency_key: crypto.randomUUID(),
        expires_at: new Date(Date.now() + 60_000),
      })
      .returning(['id', 'subtotal_cents', 'total_cents', 'refunded_cents'])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ subtotal_cents: big, total_cents: big, refunded_cents: 0 });
    const sum = await sql<{ n: number }>`select sum(total_cents)::bigint as n from orders where id = ${row.id}`.execute(
      database.db,
    );
    expect(sum.rows[0]?.n).toBe(big);
    await database.db.deleteFrom('orders').where('id', '=', row.id).execute();
  });

  it('refuses to read an integer JavaScript cannot hold exactly, instead of rounding it', async () => {
    await expect(sql`select 9007199254740993::int8 as n`.execute(database.db)).rejects.toThrow(/9007199254740993/);
    const safe = await sql<{ n: number }>`select 9007199254740991::int8 as n`.execute(database.db);
    expect(safe.rows[0]?.n).toBe(Number.MAX_SAFE_INTEGER);
  });
});
