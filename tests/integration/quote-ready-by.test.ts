import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import type { AdminOrder } from '../../src/lib/admin-schemas/orders.ts';
import { addDays, shopDay } from '../../src/lib/site/shop-time.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { acceptQuote } from '../../src/server/quotes/accept.ts';
import { saveQuoteRevision } from '../../src/server/quotes/revisions.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { saveShopCalendar } from '../../src/server/settings/shop-calendar.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { type ListPricedShop, seedListPricedShop } from '../support/list-priced-shop.ts';

/**
 * A quote priced with the owner's turnaround list promises a day like the cart does (issue 41,
 * item 13): accepted, its order keeps the day the chosen turnaround buys from the shop's day of
 * the Accept, and the owner reads it as the order's due date; the receipt repeats it.
 */
const { authorization } = adminProductSaves();
const URLS = {
  origin: 'http://localhost:4321',
  successUrl: 'http://localhost:4321/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:4321/cancel',
};
// 11:30 PM in Midland on Sunday, November 29 (Monday in UTC).
const LATE_SUNDAY = new Date('2026-11-30T05:30:00Z');

describe.each(DATABASE_KINDS)('the promised day of an accepted quote on %s', (kind) => {
  let database: TestDatabase;
  let shop: ListPricedShop;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    shop = await seedListPricedShop(database.db);
  });
  afterAll(() => database.dispose());

  /** A sent quote of 48 list-priced tees with `rush` (null: standard), accepted at `now`; its order. */
  async function acceptedQuote(email: string, rush: string | null, lines?: 'custom') {
    const { id } = await submitQuoteRequest(
      database.db,
      { what: 'Team tees', quantity: 48, fullName: 'Dana Whitfield', emailAddress: email },
      { shopEmail: 'shop@example.com' },
    );
    await saveQuoteRevision(database.db, id, {
      lines:
        lines === 'custom'
          ? [{ kind: 'custom', description: 'Tee', quantity: 48, unit_price_cents: 900, setup_fee_cents: 0 }]
          : [
              {
                kind: 'product',
                product_id: shop.tee.productId,
                quantity: 48,
                locations: ['front'],
                location_inputs: { front: { colors: 2 } },
                dark_garment: false,
              },
            ],
      discount_cents: 0,
      fulfillment: 'local',
      shipping_speed: null,
      valid_until: addDays(shopDay(), 14),
      rush,
    });
    await sendQuote(database.db, id);
    await acceptQuote(database.db, paymentProvider(database.db), id, URLS, LATE_SUNDAY);
    return database.db.selectFrom('orders').select(['id']).where('quote_request_id', '=', id).executeTakeFirstOrThrow();
  }
  const ownerView = async (id: string) =>
    (await (
      await callFunction(adminOrders, `/api/orders/${id}`, { params: { id }, headers: { authorization } })
    ).json()) as AdminOrder;

  it('keeps the day a rushed quote promised, 11:30 PM shop time, as the due date and on the receipt', async () => {
    const order = await acceptedQuote('rush.quote@example.com', 'rush-4');
    // Accepted on Sunday, Nov 29 in the shop: 4 business days is Thursday, December 3.
    expect((await ownerView(order.id)).ready_by).toBe('2026-12-03');
    await completeOrder(database.db, order.id, { email: 'rush.quote@example.com', name: 'Dana Whitfield' });
    const receipt = await database.db
      .selectFrom('email_outbox')
      .select(['text_body'])
      .where('to_address', '=', 'rush.quote@example.com')
      .where('template_name', '=', 'order-confirmation')
      .executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain('Ready by: Thu, Dec 3, 2026 (the turnaround you chose)');
  });

  it('keeps the standard turnaround’s day when the quote has no rush', async () => {
    const order = await acceptedQuote('standard.quote@example.com', null);
    // The list's standard 8 business days from Sunday, Nov 29: Wednesday, December 9.
    expect((await ownerView(order.id)).ready_by).toBe('2026-12-09');
  });

  it('counts the promise on the shop calendar: a blackout day and a holiday are not working days', async () => {
    await saveShopCalendar(database.db, {
      working_weekdays: [1, 2, 3, 4, 5],
      opens_at: '09:00',
      closes_at: '17:00',
      closed_days: [
        { day: '2026-12-01', kind: 'blackout', name: 'Press maintenance' },
        { day: '2026-12-02', kind: 'holiday', name: 'Founders Day' },
      ],
    });
    try {
      const order = await acceptedQuote('calendar.quote@example.com', 'rush-4');
      // From Sunday, Nov 29: Mon 30, (Tue 1 blackout, Wed 2 holiday), Thu 3, Fri 4, Mon 7.
      expect((await ownerView(order.id)).ready_by).toBe('2026-12-07');
    } finally {
      await saveShopCalendar(database.db, {
        working_weekdays: [1, 2, 3, 4, 5],
        opens_at: '09:00',
        closes_at: '17:00',
        closed_days: [],
      });
    }
  });

  it('promises no day for a quote of free lines that no turnaround list priced', async () => {
    const order = await acceptedQuote('free.quote@example.com', null, 'custom');
    expect((await ownerView(order.id)).ready_by).toBeNull();
  });
});
