import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import taxRules from '../../netlify/functions/tax-rules.mts';
import { callFunction } from '../support/call-function.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import {
  orderBySession,
  postJson,
  sessionIdOf,
  setVariantStock,
  shopState,
  type VariantFixture,
  variantOf,
} from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { adjustOrder } from '../support/order-changes.ts';

/**
 * Issue 50: checkout taxes an order by where it goes, from the shop's rules in the database (the
 * browser sends an address, never a rate or an amount), and the order keeps the rate and label it
 * was charged, so a rule changed later changes no paid order.
 */
const { authorization } = adminProductSaves();
type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

describe.each(DATABASE_KINDS)('tax by address at checkout on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie');
    await setVariantStock(database.db, hoodie.variantId, 100);
    await database.db
      .insertInto('tax_rates')
      .values([
        { state: 'TX', zip_prefix: null, rate_milli: 6_250, shipping_taxable: true, place: null },
        { state: 'TX', zip_prefix: '794', rate_milli: 8_250, shipping_taxable: true, place: 'Lubbock' },
      ])
      .execute();
  });
  afterAll(() => database.dispose());

  async function checkout(extra: Record<string, unknown>) {
    const items = [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 1 }];
    const res = await postJson(cartCheckout, '/api/cart/checkout', { items, shippingSpeed: 'standard', ...extra });
    expect(res.status).toBe(201);
    return orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
  }

  it('taxes a Lubbock order at the ZIP rule’s rate with shipping taxed, and keeps rate and label', async () => {
    const order = await checkout({ fulfillment: 'shipping', shipTo: { state: 'tx', zip: '79415' } });
    expect(order.shipping_cents).toBe(500);
    const tax = Math.round(((hoodie.priceCents + 500) * 8_250) / 100_000);
    expect(order).toMatchObject({
      tax_cents: tax,
      tax_rate_milli: 8_250,
      tax_label: 'Tax 8.25 % — Lubbock, TX',
      total_cents: hoodie.priceCents + 500 + tax,
    });
  });

  it('taxes a pickup at the shop’s own address (Midland, TX: the state rate)', async () => {
    const order = await checkout({ fulfillment: 'local', shipTo: { state: 'TX', zip: '79415' } });
    expect(order).toMatchObject({
      shipping_cents: 0,
      tax_cents: Math.round((hoodie.priceCents * 6_250) / 100_000),
      tax_rate_milli: 6_250,
      tax_label: 'Tax 6.25 % — TX',
    });
  });

  it('charges the shop’s rate, and says so, for an address outside every rule or none', async () => {
    for (const shipTo of [{ state: 'NM', zip: '87101' }, null]) {
      const order = await checkout({ fulfillment: 'shipping', shipTo });
      expect(order).toMatchObject({
        tax_cents: Math.round(hoodie.priceCents * 0.08),
        tax_rate_milli: 8_000,
        tax_label: "Tax 8 % — the shop's rate",
      });
    }
  });

  it('answers the cart the rules of the ship-to state only, or of the shop’s address for a pickup', async () => {
    const lubbock = await callFunction(taxRules, '/api/tax-rules?state=tx&zip=79415');
    expect(lubbock.status).toBe(200);
    const answer = (await lubbock.json()) as { rules: { rates: { zipPrefix: string | null }[] }; place: unknown };
    expect(answer.place).toEqual({ state: 'TX', zip: '79415' });
    expect(answer.rules.rates.map((r) => r.zipPrefix).sort()).toEqual(['794', null].sort());
    const pickup = (await (await callFunction(taxRules, '/api/tax-rules?pickup=1')).json()) as { place: unknown };
    expect(pickup.place).toEqual({ state: 'TX', zip: '79701' });
    const bad = await callFunction(taxRules, '/api/tax-rules?state=Texas&zip=1');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toMatchObject({
      state: expect.any(String),
      zip: expect.any(String),
    });
  });

  it('refuses a malformed ship-to address with the field named, storing nothing', async () => {
    const before = await shopState(database.db);
    const items = [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 1 }];
    for (const shipTo of [{ state: 'Texas', zip: '79415' }, { state: 'TX', zip: '794' }, { state: 'TX' }]) {
      const res = await postJson(cartCheckout, '/api/cart/checkout', { items, fulfillment: 'shipping', shipTo });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe('invalid_input');
      expect(Object.keys(body.error.fields ?? {}).some((field) => field.startsWith('shipTo.'))).toBe(true);
    }
    expect(await shopState(database.db)).toEqual(before);
  });

  it('re-taxes a paid order’s change at the rate it was charged, whatever the rule says now', async () => {
    const order = await checkout({ fulfillment: 'shipping', shipTo: { state: 'TX', zip: '79415' } });
    await completeOrder(database.db, order.id, { email: 'lubbock@example.com', name: 'Lu Bock' });
    await database.db.updateTable('tax_rates').set({ rate_milli: 9_000 }).where('zip_prefix', '=', '794').execute();
    await adjustOrder(authorization, order.id, 2_000);
    const after = await database.db
      .selectFrom('orders')
      .select(['tax_cents', 'tax_rate_milli', 'tax_label'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const taxOn = (cents: number) => Math.round((cents * 8_250) / 100_000);
    expect(after).toEqual({
      tax_cents: order.tax_cents + taxOn(hoodie.priceCents + 2_000) - taxOn(hoodie.priceCents),
      tax_rate_milli: 8_250,
      tax_label: 'Tax 8.25 % — Lubbock, TX',
    });
  });
});
