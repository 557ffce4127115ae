import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '../../src/lib/site/shop-time.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { orderLinesWithPictures } from '../../src/server/orders/order-lines.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { acceptQuote } from '../../src/server/quotes/accept.ts';
import { saveQuoteRevision } from '../../src/server/quotes/revisions.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

/**
 * A quote's order is made by the same creator as a cart's (src/server/orders/order-writer.ts),
 * so its lines keep the quote's order, each line followed by its own charges, as a cart's do;
 * they are not sorted by name.
 */
const URLS = {
  origin: 'http://localhost:4321',
  successUrl: 'http://localhost:4321/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:4321/cancel',
};

describe('the lines of an accepted quote on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('are in the order the quote lists them, each line before its setup fee', async () => {
    const { id } = await submitQuoteRequest(
      database.db,
      { what: 'Signs and a banner', quantity: 11, fullName: 'Dana Whitfield', emailAddress: 'dana@example.com' },
      { shopEmail: 'shop@example.com' },
    );
    await saveQuoteRevision(database.db, id, {
      lines: [
        { kind: 'custom', description: 'Yard signs', quantity: 10, unit_price_cents: 1500, setup_fee_cents: 2500 },
        { kind: 'custom', description: 'Banner', quantity: 1, unit_price_cents: 9000, setup_fee_cents: 0 },
      ],
      discount_cents: 0,
      fulfillment: 'local',
      shipping_speed: null,
      valid_until: addDays(shopDay(), 14),
      rush: null,
    });
    await sendQuote(database.db, id);
    await acceptQuote(database.db, paymentProvider(database.db), id, URLS);
    const order = await database.db
      .selectFrom('orders')
      .select('id')
      .where('quote_request_id', '=', id)
      .executeTakeFirstOrThrow();

    const lines = await orderLinesWithPictures(database.db, order.id);
    expect(lines.map((l) => [l.name, l.quantity, l.unit_price_cents])).toEqual([
      ['Yard signs', 10, 1500],
      ['Setup, Yard signs', 1, 2500],
      ['Banner', 1, 9000],
    ]);
  });
});
