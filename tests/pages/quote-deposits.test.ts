import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrderRefunds from '../../netlify/functions/admin-order-refunds.mts';
import adminOrderStage from '../../netlify/functions/admin-order-stage.mts';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import type { AdminOrder } from '../../src/lib/admin-schemas/orders.ts';
import adminQuotes from '../../netlify/functions/admin-quotes.mts';
import OrderPage from '../../src/pages/orders/[token].astro';
import TestPaymentPage from '../../src/pages/test-payment/[sessionId].astro';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { findSessionOrder, sessionViewOfOrder } from '../../src/server/orders/session-view.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { moveOrderStage } from '../../src/server/orders/move-stage.ts';
import { customerQuoteView } from '../../src/server/quotes/customer-quote.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { type ErrorBody, adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { sessionIdOf } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { paymentsOf, payOnOrderPage } from '../support/payment-requests.ts';
import { answerQuote } from '../support/quote-payment.ts';
import type { Kysely } from 'kysely';

/**
 * Deposits on quotes (docs/decisions/0029-deposits.md): the owner sets the share Accept pays and when the balance is
 * asked; the order keeps both; the balance is requested when the job is ready (or when the proof
 * is approved for "paid in full before printing", which holds production until it is paid).
 */
const { authorization } = adminProductSaves();
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const inTenDays = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
/** 20 tees at $15.50 and a $40 setup fee, picked up: $350.00 + 8 % tax = $378.00. */
const LINES = [
  { kind: 'custom' as const, description: 'Team tee', quantity: 20, unit_price_cents: 1550, setup_fee_cents: 4000 },
];
const TOTAL = 37_800;

const postRevision = (id: string, body: unknown) =>
  callFunction(adminQuotes, `/api/quote-requests/${id}/revisions`, {
    method: 'POST',
    params: { id },
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const moveStage = (id: string, to: string) =>
  callFunction(adminOrderStage, `/api/orders/${id}/stage`, {
    method: 'POST',
    params: { id },
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ to }),
  });
const payOn = (sessionId: string) =>
  requestPage(TestPaymentPage, `/test-payment/${sessionId}`, {
    method: 'POST',
    headers: { origin: 'http://localhost:4321' },
    params: { sessionId },
  });

describe.each(DATABASE_KINDS)('deposits on quotes, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  /** A quote request with one revision sent on the owner's terms; answers its id. */
  async function sentQuote(
    name: string,
    terms: { deposit_percent?: number; balance_due?: 'ready' | 'before_production' },
  ) {
    const { id } = await submitQuoteRequest(
      database.db,
      { what: `Tees for ${name}`, quantity: 20, fullName: `Coach ${name}`, emailAddress: `${name}@example.com` },
      { shopEmail: 'shop@example.com' },
    );
    const saved = await postRevision(id, {
      lines: LINES,
      discount_cents: 0,
      fulfillment: 'local',
      valid_until: inTenDays(),
      ...terms,
    });
    expect(saved.status).toBe(201);
    await sendQuote(database.db, id);
    return id;
  }

  /** Accept on the quote page, then Pay on the test checkout: answers the order. */
  async function acceptAndPay(quoteId: string) {
    const token = signLink('quote', quoteId);
    const accepted = await answerQuote(token, 'accept');
    expect(accepted.status).toBe(303);
    const sessionId = sessionIdOf(accepted.headers.get('location') ?? '');
    const session = (await findSessionOrder(database.db, sessionId))!;
    await completeOrder(database.db, session.id, { email: 'coach@example.com', name: 'Coach' });
    return { id: session.id, session };
  }

  const seenOrder = async (orderId: string) =>
    (
      await callFunction(adminOrders, `/api/orders/${orderId}`, { params: { id: orderId }, headers: { authorization } })
    ).json();
  const orderPage = async (orderId: string) => {
    const token = signLink('order', orderId);
    return (await requestPage(OrderPage, `/orders/${token}`, { params: { token } })).text();
  };
  const requestsOf = (db: Kysely<Database>, orderId: string) =>
    db.selectFrom('payment_requests').select(['id', 'kind', 'status']).where('order_id', '=', orderId).execute();
  /** Puts the order where the test starts, as the proof flow would have brought it there. */
  const atStage = (orderId: string, stage: 'in_production' | 'proof_sent') =>
    database.db.updateTable('orders').set({ stage }).where('id', '=', orderId).execute();

  it('refuses deposit terms that are not a whole share from 1 to 100 %, storing nothing', async () => {
    const { id } = await submitQuoteRequest(
      database.db,
      { what: 'Bad deposit', quantity: 5, fullName: 'Bad Deposit', emailAddress: 'bad.deposit@example.com' },
      { shopEmail: 'shop@example.com' },
    );
    const before = await snapshot(database.db);
    for (const [terms, field] of [
      [{ deposit_percent: 0 }, 'deposit_percent'],
      [{ deposit_percent: 101 }, 'deposit_percent'],
      [{ deposit_percent: 12.5 }, 'deposit_percent'],
      [{ balance_due: 'someday' }, 'balance_due'],
    ] as const) {
      const res = await postRevision(id, {
        lines: LINES,
        discount_cents: 0,
        fulfillment: 'local',
        valid_until: inTenDays(),
        ...terms,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields).toHaveProperty(field);
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('takes a 50 % deposit on Accept and asks the balance when the job is ready for pickup', async () => {
    const quoteId = await sentQuote('deposit-ready', { deposit_percent: 50, balance_due: 'ready' });
    const quote = (await customerQuoteView(database.db, quoteId))!;
    expect(quote.revision).toMatchObject({ totalCents: TOTAL, depositCents: TOTAL / 2, depositPercent: 50 });

    const { id, session } = await acceptAndPay(quoteId);
    // The payment page charges the deposit alone, and the order remembers its terms.
    expect(session).toMatchObject({ totalCents: TOTAL, depositCents: TOTAL / 2 });
    expect(sessionViewOfOrder(session).amount_total).toBe(TOTAL / 2);
    const order = await database.db
      .selectFrom('orders')
      .select(['status', 'total_cents', 'deposit_cents', 'balance_due'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'paid', total_cents: TOTAL, deposit_cents: TOTAL / 2, balance_due: 'ready' });
    expect((await paymentsOf(database.db, id)).map((p) => p.amount_cents)).toEqual([TOTAL / 2]);
    // The confirmation says what was paid now and when the rest is asked.
    const confirmation = await database.db
      .selectFrom('email_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', 'coach@example.com')
      .where('template_name', '=', 'order-confirmation')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(confirmation.text_body).toContain(
      `Total: ${usd(TOTAL)}\nPaid now (deposit): ${usd(TOTAL / 2)}. The balance of ${usd(TOTAL / 2)} is asked when your order is ready.`,
    );
    expect(confirmation.html_body).toContain(`<td>Paid now (deposit)</td><td align="right">${usd(TOTAL / 2)}</td>`);

    const afterDeposit = await orderPage(id);
    expect(afterDeposit).toContain(`Paid so far: <strong>${usd(TOTAL / 2)}</strong>`);
    expect(afterDeposit).toContain(`Balance due: <strong>${usd(TOTAL / 2)}</strong>`);
    expect(afterDeposit).toContain('You paid a deposit. We ask for the balance when your order is ready');
    expect(await requestsOf(database.db, id)).toEqual([]);

    // Ready for pickup: the balance is requested (stored, e-mailed, on the timeline) once.
    await atStage(id, 'in_production');
    const ready = await moveStage(id, 'ready_for_pickup');
    expect(ready.status).toBe(200);
    const requests = await requestsOf(database.db, id);
    expect(requests).toEqual([expect.objectContaining({ kind: 'balance', status: 'open' })]);
    const mails = await database.db
      .selectFrom('email_outbox')
      .select(['template_name', 'subject'])
      .where('to_address', '=', 'coach@example.com')
      .where('template_name', '=', 'payment-request')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(usd(TOTAL / 2));
    const asked = await orderPage(id);
    expect(asked).toContain(`Pay ${usd(TOTAL / 2)}`);
    expect(asked).not.toContain('We ask for the balance');

    // Paid from the order page: paid in full.
    const outcome = await payOnOrderPage(id, requests[0]!.id);
    expect(outcome).toMatchObject({ kind: 'redirect', status: 303 });
    const paid = await payOn(sessionIdOf((outcome as { location: string }).location));
    expect(paid.status).toBe(303);
    expect((await paymentsOf(database.db, id)).map((p) => p.amount_cents)).toEqual([TOTAL / 2, TOTAL / 2]);
    const done = await orderPage(id);
    expect(done).toContain(`Balance due: <strong>${usd(0)}</strong>`);
    // Completing the job asks nothing more.
    expect((await moveStage(id, 'completed')).status).toBe(200);
    expect(await requestsOf(database.db, id)).toHaveLength(1);
  });

  it('holds production of a "paid in full before printing" order until the balance is paid', async () => {
    const quoteId = await sentQuote('before-print', { deposit_percent: 30, balance_due: 'before_production' });
    const { id } = await acceptAndPay(quoteId);
    const deposit = Math.round(TOTAL * 0.3);
    expect((await paymentsOf(database.db, id)).map((p) => p.amount_cents)).toEqual([deposit]);

    // The customer approves the proof: the balance is asked at once.
    await atStage(id, 'proof_sent');
    await moveOrderStage(database.db, id, { to: 'approved', actor: 'customer' });
    const requests = await requestsOf(database.db, id);
    expect(requests).toEqual([expect.objectContaining({ kind: 'balance', status: 'open' })]);

    // Production waits for it, said in words; nothing moves.
    const held = await moveStage(id, 'in_production');
    expect(held.status).toBe(409);
    expect(((await held.json()) as { error: { message: string } }).error.message).toBe(
      `This order is paid in full before printing: ${usd(TOTAL - deposit)} is still owed. Production starts once the balance is paid.`,
    );
    const stage = await database.db.selectFrom('orders').select('stage').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stage.stage).toBe('approved');
    // The owner's order dialog says why its production button is missing.
    const seen = await callFunction(adminOrders, `/api/orders/${id}`, { params: { id }, headers: { authorization } });
    const production = ((await seen.json()) as AdminOrder).production!;
    expect(production.next_stages).toEqual([]);
    expect(((await seenOrder(id)) as AdminOrder).money.terms).toEqual({
      deposit_cents: deposit,
      balance_due: 'before_production',
    });
    expect(production.held).toBe(
      `This order is paid in full before printing: ${usd(TOTAL - deposit)} is still owed. Production starts once the balance is paid.`,
    );

    const outcome = await payOnOrderPage(id, requests[0]!.id);
    expect((await payOn(sessionIdOf((outcome as { location: string }).location))).status).toBe(303);
    const paidUp = await callFunction(adminOrders, `/api/orders/${id}`, { params: { id }, headers: { authorization } });
    expect(((await paidUp.json()) as AdminOrder).production).toMatchObject({
      next_stages: ['in_production'],
      held: null,
    });
    expect((await moveStage(id, 'in_production')).status).toBe(200);
    // Ready later: nothing more is owed, so nothing more is asked.
    expect((await moveStage(id, 'ready_for_pickup')).status).toBe(200);
    expect(await requestsOf(database.db, id)).toHaveLength(1);
  });

  it('refunds no more than the deposit received, whatever the total', async () => {
    const quoteId = await sentQuote('refund-deposit', { deposit_percent: 25 });
    const { id } = await acceptAndPay(quoteId);
    const deposit = Math.round(TOTAL * 0.25);
    const refund = (amount_cents: number) =>
      callFunction(adminOrderRefunds, `/api/orders/${id}/refunds`, {
        method: 'POST',
        params: { id },
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ amount_cents, reason: 'Job called off', cancel: true }),
      });
    const tooMuch = await refund(TOTAL);
    expect(tooMuch.status).toBe(409);
    expect(((await tooMuch.json()) as { error: { message: string } }).error.message).toBe(
      `At most ${usd(deposit)} is left to refund on this order.`,
    );
    const made = await refund(deposit);
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ refunded_cents: deposit, status: 'cancelled' });
  });

  it('takes the whole quote on Accept when the owner asks no deposit, as before', async () => {
    const quoteId = await sentQuote('in-full', {});
    const quote = (await customerQuoteView(database.db, quoteId))!;
    expect(quote.revision).toMatchObject({ depositCents: null, depositPercent: 100 });
    const { id, session } = await acceptAndPay(quoteId);
    expect(sessionViewOfOrder(session).amount_total).toBe(TOTAL);
    expect((await paymentsOf(database.db, id)).map((p) => p.amount_cents)).toEqual([TOTAL]);
    const confirmation = await database.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('template_name', '=', 'order-confirmation')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(confirmation.text_body).toContain(`Total: ${usd(TOTAL)}\n\n`);
    expect(confirmation.text_body).not.toContain('Paid now');
    const page = await orderPage(id);
    expect(page).not.toContain('Balance due');
    expect(((await seenOrder(id)) as AdminOrder).money.terms).toBeNull();
    await atStage(id, 'in_production');
    expect((await moveStage(id, 'ready_for_pickup')).status).toBe(200);
    expect(await requestsOf(database.db, id)).toEqual([]);
  });

  it('asks the balance once even when an open request already asks it', async () => {
    const quoteId = await sentQuote('asked-early', { deposit_percent: 50 });
    const { id } = await acceptAndPay(quoteId);
    // The owner asked early by hand; reaching "ready" does not ask a second time.
    await database.db.insertInto('payment_requests').values({ order_id: id, kind: 'balance' }).execute();
    await database.db.updateTable('orders').set({ stage: sql`'in_production'` }).where('id', '=', id).execute();
    expect((await moveStage(id, 'ready_for_pickup')).status).toBe(200);
    expect(await requestsOf(database.db, id)).toHaveLength(1);
  });
});
