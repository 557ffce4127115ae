import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase } from '../../src/server/db/index.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { fakeStripeForFile } from '../support/fake-stripe.ts';
import { type ListPricedShop, listCheckout, seedListPricedShop, teeLineOf } from '../support/list-priced-shop.ts';

/**
 * Stripe Checkout reads a list-priced order (docs/decisions/0027-price-lists.md): each piece line keeps the product's
 * name with its colour and size and says what its price is made of; screens and rush are line
 * items of their own with readable names. Stripe is the real SDK against a local stand-in.
 */

const stripe = fakeStripeForFile('whsec_test_list_priced');

type StripeLine = {
  quantity: string;
  price_data: { unit_amount: string; product_data: { name: string; description?: string } };
};

describe.each(DATABASE_KINDS)('Stripe line items of a list-priced order on %s', (kind) => {
  let database: TestDatabase;
  let shop: ListPricedShop;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    shop = await seedListPricedShop(database.db);
  });
  afterAll(() => database.dispose());

  it('shows each line with its breakdown and the screens and rush as readable lines', async () => {
    const teeLine = teeLineOf(shop);
    const res = await listCheckout([teeLine(shop.tee.m, 24), teeLine(shop.tee.l, 24)], { rush: 'rush-6' });
    expect(res.status).toBe(201);
    const request = stripe.fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    const [m, l, front, back, rush, tax] = request.body['line_items'] as StripeLine[];
    const breakdown = 'Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75';
    const name = shop.tee.name;
    expect(m!.price_data.product_data.name).toMatch(new RegExp(`^${name} \\(.+, M\\)$`));
    expect(l!.price_data.product_data.name).toMatch(new RegExp(`^${name} \\(.+, L\\)$`));
    expect(m!.price_data.product_data.description).toBe(breakdown);
    expect(l!.price_data.product_data.description).toBe(breakdown);
    expect([m!.quantity, m!.price_data.unit_amount]).toEqual(['24', '755']);
    expect(front!.price_data.product_data).toEqual({ name: `Screens, Front of ${name}: 2 × $15.00` });
    expect([front!.quantity, front!.price_data.unit_amount]).toEqual(['1', '3000']);
    expect(back!.price_data.product_data).toEqual({ name: `Screens, Back of ${name}: $15.00` });
    const base = 48 * 755 + 4500;
    expect(rush!.price_data).toMatchObject({
      unit_amount: String(Math.round(base * 0.5)),
      product_data: { name: 'Rush, 6 business days +50 %' },
    });
    expect(tax!.price_data.product_data.name).toMatch(/tax/i);
  });
});
