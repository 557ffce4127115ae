import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrders from '../../netlify/functions/admin-order-refunds.mts';
import adminOrder from '../../netlify/functions/admin-orders.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import type { AdminOrder } from '../../src/lib/admin-schemas/orders.ts';
import { dashboard } from '../../src/server/admin/dashboard.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { type ErrorBody, adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { paymentRequestCalls } from '../support/payment-requests.ts';

/**
 * The balance follows an owner's change of a paid order (docs/decisions/0029-deposits.md): more owed, an open request
 * asks the new amount; less, the order was paid more than it now costs and that much can be
 * refunded through the refund flow, even past the order's new total.
 */
const { authorization } = adminProductSaves();
const { ask } = paymentRequestCalls(authorization);
const refund = (orderId: string, body: unknown) =>
  callFunction(adminOrders, `/api/orders/${orderId}/refunds`, {
    method: 'POST',
    params: { id: orderId },
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe.each(DATABASE_KINDS)('the balance after an order change on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 3);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());

  async function paidOrder() {
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const row = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    await completeOrder(database.db, row.id, { email: 'changed@example.com', name: 'Chang Ed' });
    return { id: row.id, total: row.total_cents };
  }

  const adminView = async (id: string) =>
    (await (
      await callFunction(adminOrder, `/api/orders/${id}`, { params: { id }, headers: { authorization } })
    ).json()) as AdminOrder;

  it('asks what the changed order owes in an open request, in the admin and on the order page', async () => {
    const order = await paidOrder();
    const first = await adjustOrder(authorization, order.id, 2_400, 'Two more hoodies');
    const made = await ask(order.id, { kind: 'balance' });
    expect(made.status).toBe(201);
    const request = (await made.json()) as { id: string; amount_cents: number };
    expect(request.amount_cents).toBe(first.balance_cents);

    // The owner changes the order again while the request is open: it asks the new balance.
    const second = await adjustOrder(authorization, order.id, 1_300, 'Rush screen');
    expect(second.balance_cents).toBeGreaterThan(first.balance_cents);
    expect((await adminView(order.id)).money.requests).toEqual([
      expect.objectContaining({ id: request.id, status: 'open', amount_cents: second.balance_cents }),
    ]);
    expect((await customerOrderView(database.db, order.id))!.money).toMatchObject({
      balanceCents: second.balance_cents,
      openRequests: [expect.objectContaining({ id: request.id, amount_cents: second.balance_cents })],
    });
    // The customer's history says the shop changed the order, with what and the new total.
    const history = (await customerOrderView(database.db, order.id))!.timeline.filter((e) => e.kind === 'order_change');
    expect(history.map((e) => e.comment)).toEqual([
      expect.stringMatching(/^Adjustment \+\$24\.00 — Two more hoodies; total /),
      expect.stringMatching(/^Adjustment \+\$13\.00 — Rush screen; total .* → \$[\d,.]+$/),
    ]);
  });

  /** Today's revenue net of refunds, as the dashboard adds it up. */
  const revenueToday = async () => (await dashboard(database.db, 1)).revenue_by_day.at(-1)!.cents;

  it('says how much a credit left paid beyond the order, and refunds exactly that, past the new total', async () => {
    const order = await paidOrder();
    const revenueBefore = await revenueToday();
    // Most of the order is taken off: what was paid beyond it is more than the order now costs.
    const credited = await adjustOrder(authorization, order.id, -Math.round(order.total * 0.8), 'Pieces not made');
    expect(credited.balance_cents).toBe(0);
    expect(credited.overpaid_cents).toBe(order.total - credited.total_cents);
    expect(credited.overpaid_cents).toBeGreaterThan(credited.total_cents);
    expect((await adminView(order.id)).money).toMatchObject({
      balance_cents: 0,
      overpaid_cents: credited.overpaid_cents,
    });

    const tooMuch = await refund(order.id, { amount_cents: credited.overpaid_cents + credited.total_cents + 1 });
    expect(tooMuch.status).toBe(409);
    expect(((await tooMuch.json()) as ErrorBody).error.code).toBe('refund_too_large');

    const back = await refund(order.id, { amount_cents: credited.overpaid_cents, reason: 'Paid more than it costs' });
    expect(back.status).toBe(201);
    expect(await back.json()).toMatchObject({ refund_status: 'succeeded', refunded_cents: credited.overpaid_cents });
    expect((await adminView(order.id)).money).toMatchObject({ balance_cents: 0, overpaid_cents: 0 });
    // The dashboard counts what the shop kept: the order's new total, the overpayment given back once.
    expect(await revenueToday()).toBe(revenueBefore - credited.overpaid_cents);
    // What is left to refund is what the customer still paid for: the order's new total.
    const rest = await refund(order.id, { amount_cents: credited.total_cents + 1 });
    expect(rest.status).toBe(409);
    expect(((await rest.json()) as ErrorBody).error.fields).toEqual({
      amount_cents: `At most $${(credited.total_cents / 100).toFixed(2)}`,
    });
  });
});
