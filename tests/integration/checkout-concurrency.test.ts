import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import testCheckoutAction from '../../netlify/functions/test-checkout-action.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import {
  orderBySession,
  postJson,
  sessionIdOf,
  setVariantStock,
  type VariantFixture,
  variantOf,
  variantStock,
} from '../support/checkout.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

/**
 * Stock and promo-code limits under real concurrency, on the PostgreSQL server (PGlite serves
 * one connection, so it cannot race). The pool holds 10 connections: requests truly overlap.
 */
describe('checkout under concurrency on postgres', () => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  const checkout = (v: VariantFixture, quantity: number, extra: Record<string, unknown> = {}) =>
    postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: v.productId, colorId: v.colorId, sizeId: v.sizeId, quantity }],
      fulfillment: 'shipping',
      ...extra,
    });
  const act = (sessionId: string, action: 'pay' | 'cancel') =>
    callFunction(testCheckoutAction, `/api/test-checkout/${sessionId}/${action}`, {
      method: 'POST',
      params: { sessionId, action },
    });
  const orderCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 1);
  });
  afterAll(() => database.dispose());

  it('sells the last 5 pieces to exactly 5 of 20 parallel checkouts; the rest get 409 out_of_stock', async () => {
    await setVariantStock(database.db, hoodie.variantId, 5);
    const before = await orderCount();
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(hoodie, 1)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('out_of_stock');
    }
    expect(await variantStock(database.db, hoodie.variantId)).toBe(0);
    expect(await orderCount()).toBe(before + 5);
  });

  it('never oversells with larger quantities either (stock 7, 12 checkouts of 2: 3 succeed, 1 left)', async () => {
    await setVariantStock(database.db, hoodie.variantId, 7);
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkout(hoodie, 2)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(1);
  });

  it('returns stock once however many cancels race for the same order', async () => {
    await setVariantStock(database.db, hoodie.variantId, 3);
    const res = await checkout(hoodie, 3);
    const sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(0);
    await Promise.all(Array.from({ length: 10 }, () => act(sessionId, 'cancel')));
    expect(await variantStock(database.db, hoodie.variantId)).toBe(3);
  });

  it('takes a promo code at max_uses - 1 to exactly max_uses when several orders using it are paid at once', async () => {
    await setVariantStock(database.db, hoodie.variantId, 50);
    await database.db
      .insertInto('discount_codes')
      .values({ code: 'LASTONE', name: 'Last use', type: 'fixed', amount_cents: 500, max_uses: 3, total_uses: 2 })
      .execute();
    const sessions: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await checkout(hoodie, 1, { discountCode: 'LASTONE' });
      expect(res.status).toBe(201);
      sessions.push(sessionIdOf(((await res.json()) as { url: string }).url));
    }
    // Every order pays (the money is the customer's), and double clicks on Pay are in the mix.
    const paid = await Promise.all([...sessions, ...sessions].map((id) => act(id, 'pay')));
    expect(paid.every((r) => r.status === 303 && /\/success\?session_id=/.test(r.headers.get('location')!))).toBe(true);
    for (const id of sessions) expect((await orderBySession(database.db, id)).status).toBe('paid');

    const code = await database.db
      .selectFrom('discount_codes')
      .select(['total_uses', 'max_uses'])
      .where('code', '=', 'LASTONE')
      .executeTakeFirstOrThrow();
    expect(code).toEqual({ total_uses: 3, max_uses: 3 });

    // Now used up: neither validation nor a new checkout accepts it.
    const refused = await checkout(hoodie, 1, { discountCode: 'LASTONE' });
    expect(refused.status).toBe(404);
  });
});
