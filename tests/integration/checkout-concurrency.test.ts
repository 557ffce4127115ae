import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import { installDatabase } from '../../src/server/db/index.ts';
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
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';
import { answerTestCheckout } from '../support/test-checkout.ts';

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
    // Pay sends what the page asks: name, phone and the ship-to address.
    answerTestCheckout(sessionId, { intent: action, fields: action === 'pay' ? TEST_CHECKOUT_CONTACT : {} });
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

  it('reserves a size breakdown all or nothing among 50 parallel checkouts: M runs out, S is never held alone', async () => {
    // 2 S + 2 M of one tee colour with a front print, 50 times at once; 7 M left, plenty of S.
    const small = await variantOf(database.db, 'city-champ-tourney-tee', 0);
    const sizes = await database.db
      .selectFrom('product_variants')
      .select(['id', 'size_id'])
      .where('product_id', '=', small.productId)
      .where('color_id', '=', small.colorId)
      .where('size_id', '!=', small.sizeId)
      .orderBy('id')
      .execute();
    const medium = { ...small, variantId: sizes[0]!.id, sizeId: sizes[0]!.size_id! };
    await setVariantStock(database.db, small.variantId, 100);
    await setVariantStock(database.db, medium.variantId, 7);
    const before = await orderCount();
    const line = (v: VariantFixture) => ({
      productId: v.productId,
      colorId: v.colorId,
      sizeId: v.sizeId,
      quantity: 2,
      locations: [{ code: 'front', artworkId: null }],
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        postJson(cartCheckout, '/api/cart/checkout', { items: [line(small), line(medium)], fulfillment: 'local' }),
      ),
    );
    const won = answers.filter((r) => r.status === 201);
    expect(won).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(47);
    expect(await variantStock(database.db, medium.variantId)).toBe(1);
    expect(await variantStock(database.db, small.variantId)).toBe(100 - 3 * 2);
    expect(await orderCount()).toBe(before + 3);
    for (const res of won) {
      const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
      const items = await database.db
        .selectFrom('order_items')
        .select(['size_id', 'quantity', 'item_type'])
        .where('order_id', '=', order.id)
        .execute();
      expect(
        items
          .filter((i) => i.item_type === 'product')
          .map((i) => [i.size_id, i.quantity])
          .sort(),
      ).toEqual(
        [
          [small.sizeId, 2],
          [medium.sizeId, 2],
        ].sort(),
      );
      expect(items.filter((i) => i.item_type === 'setup_fee')).toHaveLength(1);
    }
  });

  it('returns stock once however many cancels race for the same order', async () => {
    await setVariantStock(database.db, hoodie.variantId, 3);
    const res = await checkout(hoodie, 3);
    const sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(0);
    await Promise.all(Array.from({ length: 10 }, () => act(sessionId, 'cancel')));
    expect(await variantStock(database.db, hoodie.variantId)).toBe(3);
  });

  it('reserves the last piece exactly once among 50 parallel checkouts: 1 order, 49 × 409 out_of_stock', async () => {
    await setVariantStock(database.db, hoodie.variantId, 1);
    const before = await orderCount();
    const answers = await Promise.all(Array.from({ length: 50 }, () => checkout(hoodie, 1)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(49);
    for (const res of refused) {
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('out_of_stock');
    }
    expect(await variantStock(database.db, hoodie.variantId)).toBe(0);
    expect(await orderCount()).toBe(before + 1);
  });

  /*
   * What the code does with a limited promo code: checkout claims a use for its pending order
   * (claimDiscount, under the code's row lock), so the last use goes to one checkout and the
   * others are refused there with 404 invalid_discount, before anyone pays. Nobody is charged a
   * discount that is not counted, and nobody pays full price for a code they were shown.
   */
  const codeUses = async (code: string) =>
    database.db
      .selectFrom('discount_codes')
      .select(['total_uses', 'max_uses'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();

  it('applies a single-use code once when two checkouts and payments race: the second is refused at checkout', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    await database.db
      .insertInto('discount_codes')
      .values({ code: 'ONLYONCE', name: 'Single use', type: 'fixed', amount_cents: 700, max_uses: 1 })
      .execute();
    const answers = await Promise.all([0, 1].map(() => checkout(hoodie, 1, { discountCode: 'ONLYONCE' })));
    const won = answers.filter((r) => r.status === 201);
    const lost = answers.filter((r) => r.status === 404);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(await lost[0]!.json()).toEqual({
      error: {
        code: 'invalid_discount',
        message: 'That code is invalid or expired.',
        fields: { discountCode: 'That code is invalid or expired.' },
      },
    });
    const sessionId = sessionIdOf(((await won[0]!.json()) as { url: string }).url);
    // The refused checkout kept nothing: one piece is held, by the winner.
    expect(await variantStock(database.db, hoodie.variantId)).toBe(9);

    // Its payment, double-clicked, counts the use once.
    const paid = await Promise.all([act(sessionId, 'pay'), act(sessionId, 'pay')]);
    expect(paid.every((r) => r.status === 303)).toBe(true);
    const order = await orderBySession(database.db, sessionId);
    expect(order).toMatchObject({ status: 'paid', discount_cents: 700, discount_code: 'ONLYONCE' });
    expect(await codeUses('ONLYONCE')).toEqual({ total_uses: 1, max_uses: 1 });
    // And the code is spent for everyone after.
    expect((await checkout(hoodie, 1, { discountCode: 'ONLYONCE' })).status).toBe(404);
  });

  it('hands the last use of a code to one of many parallel checkouts, and gives it back when that order is cancelled', async () => {
    await setVariantStock(database.db, hoodie.variantId, 50);
    await database.db
      .insertInto('discount_codes')
      .values({ code: 'LASTONE', name: 'Last use', type: 'fixed', amount_cents: 500, max_uses: 3, total_uses: 2 })
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => checkout(hoodie, 1, { discountCode: 'LASTONE' })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 404)).toHaveLength(7);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(49);
    const first = sessionIdOf(((await answers.find((r) => r.status === 201)!.json()) as { url: string }).url);

    // Cancelling the pending order frees the claimed use for the next customer.
    await act(first, 'cancel');
    expect(await codeUses('LASTONE')).toEqual({ total_uses: 2, max_uses: 3 });
    const again = await checkout(hoodie, 1, { discountCode: 'LASTONE' });
    expect(again.status).toBe(201);
    const second = sessionIdOf(((await again.json()) as { url: string }).url);
    const paid = await Promise.all([act(second, 'pay'), act(second, 'pay'), act(second, 'pay')]);
    expect(paid.every((r) => r.status === 303 && /\/success\?session_id=/.test(r.headers.get('location')!))).toBe(true);
    expect(await codeUses('LASTONE')).toEqual({ total_uses: 3, max_uses: 3 });
    expect((await checkout(hoodie, 1, { discountCode: 'LASTONE' })).status).toBe(404);
  });
});
