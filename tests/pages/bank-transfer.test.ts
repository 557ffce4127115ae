import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OrderPage from '../../src/pages/orders/[token].astro';
import { installDatabase } from '../../src/server/db/index.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { bankTransferShop } from '../support/bank-transfer.ts';
import { setVariantStock, type VariantFixture, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { fakeStripeForFile } from '../support/fake-stripe.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { paymentRequestCalls, paymentsOf, payOnOrderPage } from '../support/payment-requests.ts';

/**
 * Bank transfer (ACH Direct Debit) on payment requests (docs/decisions/0029-deposits.md), with the real `stripe` SDK
 * against the local stand-in and signed webhooks: offered from the owner's minimum; a bank
 * payment processing records nothing but holds the request; its success records it once,
 * whatever the replays and their order; its failure opens the request again and e-mails the
 * customer.
 */
const WEBHOOK_SECRET = 'whsec_test_bank_transfer';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const { authorization } = adminProductSaves();
const { cancel } = paymentRequestCalls(authorization);
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe.each(DATABASE_KINDS)('bank transfer on payment requests on %s', (kind) => {
  const state = { stripe } as { database: TestDatabase; hoodie: VariantFixture; stripe: typeof stripe };
  const shop = bankTransferShop(authorization, WEBHOOK_SECRET, state);
  const { webhook, newEventId, minimum, owingRequest, payOnStripe, lastSessionRequest, bankSession } = shop;

  beforeAll(async () => {
    state.database = await createTestDatabase(kind);
    installDatabase(state.database);
    state.hoodie = await variantOf(state.database.db, 'game-day-hoodie', 3);
    await setVariantStock(state.database.db, state.hoodie.variantId, 500);
  });
  afterAll(() => state.database.dispose());

  const requestRow = (id: string) =>
    state.database.db
      .selectFrom('payment_requests')
      .select(['status', 'session_id', 'processing_since'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const requestPayments = async (orderId: string, requestId: string) =>
    (await paymentsOf(state.database.db, orderId)).filter((p) => p.request_id === requestId);
  const orderPage = async (orderId: string) => {
    const token = signLink('order', orderId);
    return (await requestPage(OrderPage, `/orders/${token}`, { params: { token } })).text();
  };
  const failedMails = (orderId: string) =>
    state.database.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('template_name', '=', 'bank-payment-failed')
      .where('text_body', 'like', `%${orderId.slice(0, 8).toUpperCase()}%`)
      .execute();

  it('offers bank transfer from the owner’s minimum, and card only below it or with no minimum', async () => {
    const { orderId, requestId, owed } = await owingRequest(8_000);

    await minimum(owed);
    await payOnStripe(orderId, requestId);
    const atMinimum = lastSessionRequest();
    expect(atMinimum['allowed_payment_method_types']).toEqual(['card', 'us_bank_account']);
    expect(atMinimum['payment_method_options']).toEqual({
      us_bank_account: { verification_method: 'automatic', financial_connections: { permissions: ['payment_method'] } },
    });
    expect(atMinimum).toMatchObject({ mode: 'payment', line_items: [{ price_data: { currency: 'usd' } }] });
    // The API version the SDK speaks refuses the older parameter: it is never sent.
    expect(atMinimum).not.toHaveProperty('payment_method_types');

    await minimum(owed + 1);
    await payOnStripe(orderId, requestId);
    const below = lastSessionRequest();
    expect(below['allowed_payment_method_types']).toEqual(['card']);
    expect(below).not.toHaveProperty('payment_method_options');

    await minimum(null);
    await payOnStripe(orderId, requestId);
    expect(lastSessionRequest()['allowed_payment_method_types']).toEqual(['card']);
  });

  it('records nothing while a bank payment processes, says so, holds the request, then records its success once', async () => {
    await minimum(0);
    const { orderId, requestId, owed } = await owingRequest(6_000);
    const sessionId = await payOnStripe(orderId, requestId);

    const completed = await webhook('checkout.session.completed', bankSession(sessionId, 'unpaid'));
    expect(await completed.json()).toMatchObject({ outcome: 'applied' });
    expect(await requestPayments(orderId, requestId)).toEqual([]);
    expect(await requestRow(requestId)).toMatchObject({ status: 'open', processing_since: expect.any(Date) });
    const view = (await customerOrderView(state.database.db, orderId))!;
    expect(view.money.processing).toEqual([{ label: 'Balance', amountCents: owed }]);
    expect(view.money.openRequests).toEqual([]);
    const page = await orderPage(orderId);
    expect(page).toContain(`Your bank payment of ${usd(owed)} is processing (it takes a few business days).`);
    expect(page).not.toContain(`Pay ${usd(owed)}`);

    // Not paid twice meanwhile, not withdrawn under it.
    const again = await payOnOrderPage(orderId, requestId);
    expect(again).toMatchObject({ kind: 'order', status: 409 });
    expect(JSON.stringify(again)).toContain('is processing (it takes a few business days)');
    const withdrawn = await cancel(orderId, requestId);
    expect(withdrawn.status).toBe(409);
    expect(((await withdrawn.json()) as { error: { code: string } }).error.code).toBe('payment_processing');

    const settled = bankSession(sessionId, 'paid');
    const successId = newEventId();
    expect(await (await webhook('checkout.session.async_payment_succeeded', settled, successId)).json()).toMatchObject({
      outcome: 'applied',
    });
    expect(await (await webhook('checkout.session.async_payment_succeeded', settled, successId)).json()).toMatchObject({
      outcome: 'duplicate',
    });
    // The same success under another event id, and the completion delivered again late.
    expect((await webhook('checkout.session.async_payment_succeeded', settled)).status).toBe(200);
    expect((await webhook('checkout.session.completed', bankSession(sessionId, 'unpaid'))).status).toBe(200);

    expect(await requestPayments(orderId, requestId)).toEqual([
      expect.objectContaining({ amount_cents: owed, method: 'us_bank_account', provider_session_id: sessionId }),
    ]);
    expect(await requestRow(requestId)).toMatchObject({ status: 'paid', processing_since: null });
    const paidView = (await customerOrderView(state.database.db, orderId))!;
    expect(paidView.money).toMatchObject({ balanceCents: 0, processing: [], openRequests: [] });
    expect(await orderPage(orderId)).toContain('Bank transfer, ');
  });

  it('opens the request again when a bank payment fails, with a timeline line and one e-mail to pay again', async () => {
    await minimum(0);
    const { orderId, requestId, owed } = await owingRequest(4_000);
    const sessionId = await payOnStripe(orderId, requestId);
    expect((await webhook('checkout.session.completed', bankSession(sessionId, 'unpaid'))).status).toBe(200);

    const failed = bankSession(sessionId, 'unpaid');
    const failureId = newEventId();
    expect((await webhook('checkout.session.async_payment_failed', failed, failureId)).status).toBe(200);
    expect((await webhook('checkout.session.async_payment_failed', failed, failureId)).status).toBe(200);
    expect((await webhook('checkout.session.async_payment_failed', failed)).status).toBe(200);
    // A completion arriving after the failure does not hold the request again.
    expect((await webhook('checkout.session.completed', bankSession(sessionId, 'unpaid'))).status).toBe(200);

    expect(await requestPayments(orderId, requestId)).toEqual([]);
    expect(await requestRow(requestId)).toEqual({ status: 'open', session_id: null, processing_since: null });
    const view = (await customerOrderView(state.database.db, orderId))!;
    expect(view.money.processing).toEqual([]);
    expect(view.money.openRequests).toEqual([expect.objectContaining({ id: requestId, amount_cents: owed })]);
    const timeline = await state.database.db
      .selectFrom('order_events')
      .select('comment')
      .where('order_id', '=', orderId)
      .where('comment', 'like', 'Bank payment%')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(timeline.map((e) => e.comment)).toEqual([
      `Bank payment processing: Balance, ${usd(owed)}`,
      `Bank payment did not go through: Balance, ${usd(owed)}. The request is open again; the customer was e-mailed.`,
    ]);
    const mails = await failedMails(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe('bursar@example.com');
    expect(mails[0]!.subject).toBe(
      `Your bank payment for order ${orderId.slice(0, 8).toUpperCase()} did not go through`,
    );
    expect(mails[0]!.text_body).toContain(`Your bank payment of ${usd(owed)} (Balance)`);
    expect(mails[0]!.text_body).toMatch(/Pay again here: https?:\/\/\S+\/orders\/\S+/);

    // The customer pays again, by card this time.
    const retry = await payOnStripe(orderId, requestId);
    stripe.fake.pay(retry);
    expect((await webhook('checkout.session.completed', stripe.fake.sessions.get(retry)!)).status).toBe(200);
    expect(await requestPayments(orderId, requestId)).toEqual([
      expect.objectContaining({ amount_cents: owed, method: 'card', provider_session_id: retry }),
    ]);
  });

  it('records a success that arrives before its completion once; the late completion changes nothing', async () => {
    await minimum(0);
    const { orderId, requestId, owed } = await owingRequest(3_000);
    const sessionId = await payOnStripe(orderId, requestId);
    expect((await webhook('checkout.session.async_payment_succeeded', bankSession(sessionId, 'paid'))).status).toBe(
      200,
    );
    expect((await webhook('checkout.session.completed', bankSession(sessionId, 'unpaid'))).status).toBe(200);
    expect(await requestPayments(orderId, requestId)).toEqual([
      expect.objectContaining({ amount_cents: owed, method: 'us_bank_account' }),
    ]);
    expect(await requestRow(requestId)).toMatchObject({ status: 'paid', processing_since: null });
    expect((await customerOrderView(state.database.db, orderId))!.money.processing).toEqual([]);
  });
});
