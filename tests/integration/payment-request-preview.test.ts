import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import paymentRequests from '../../netlify/functions/admin-order-payment-requests.mts';
import type { PaymentRequestPreview } from '../../src/lib/admin-schemas/payment-request.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { type ErrorBody, adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { paymentRequestCalls } from '../support/payment-requests.ts';

/**
 * A payment request's preview (issue 44, item 6): before sending, the owner sees the amount, what
 * a deposit is a share of and what is already paid, and the very e-mail the send would queue;
 * nothing is stored or sent until they confirm.
 */
const { authorization } = adminProductSaves();
const { ask } = paymentRequestCalls(authorization);
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const preview = (orderId: string, body: unknown) =>
  callFunction(paymentRequests, `/api/orders/${orderId}/payment-requests?preview=true`, {
    method: 'POST',
    params: { id: orderId },
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('payment request preview', () => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 2);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());

  async function paidOrder() {
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    const row = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    await completeOrder(database.db, row.id, { email: 'preview.buyer@example.com', name: 'Pat Preview' });
    return { id: row.id, total: row.total_cents };
  }

  it('shows the deposit, what it is a share of, what is paid, and the e-mail the send queues, storing nothing', async () => {
    const order = await paidOrder();
    const grown = await adjustOrder(authorization, order.id, 30_000);
    const share = Math.round(grown.total_cents / 2);
    const before = await snapshot(database.db);

    const answer = await preview(order.id, { kind: 'share', share_percent: 50, note: 'For the extra hoodies' });
    expect(answer.status).toBe(200);
    const seen = (await answer.json()) as PaymentRequestPreview;
    expect(seen).toMatchObject({
      label: 'Deposit 50 %',
      amount_cents: Math.min(share, grown.balance_cents),
      total_cents: grown.total_cents,
      paid_cents: order.total,
      balance_cents: grown.balance_cents,
      share: { percent: 50, of_total_cents: share },
      mail: {
        to: 'preview.buyer@example.com',
        subject: `A payment of ${usd(Math.min(share, grown.balance_cents))} for order ${order.id.slice(0, 8).toUpperCase()}`,
      },
    });
    expect(seen.mail!.text).toContain('For the extra hoodies');
    expect(seen.mail!.text).not.toMatch(/\{\{/);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    // Sending the same payload queues the same e-mail.
    expect((await ask(order.id, { kind: 'share', share_percent: 50, note: 'For the extra hoodies' })).status).toBe(201);
    const sent = await database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body'])
      .where('template_name', '=', 'payment-request')
      .where('to_address', '=', 'preview.buyer@example.com')
      .executeTakeFirstOrThrow();
    expect(sent).toEqual({ subject: seen.mail!.subject, text_body: seen.mail!.text });
  });

  it('caps a deposit at what is still owed once most is already paid', async () => {
    const order = await paidOrder();
    const grown = await adjustOrder(authorization, order.id, 1_000);
    const answer = await preview(order.id, { kind: 'share', share_percent: 50 });
    const seen = (await answer.json()) as PaymentRequestPreview;
    expect(seen.share!.of_total_cents).toBeGreaterThan(grown.balance_cents);
    expect(seen).toMatchObject({ amount_cents: grown.balance_cents, paid_cents: order.total });
  });

  it("refuses what the send refuses, with the send's words", async () => {
    const order = await paidOrder();
    const before = await snapshot(database.db);
    const nothing = await preview(order.id, { kind: 'balance' });
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as ErrorBody).error.code).toBe('nothing_owed');
    const bad = await preview(order.id, { kind: 'share', share_percent: 150 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toHaveProperty('share_percent');
    expect((await preview(crypto.randomUUID(), { kind: 'balance' })).status).toBe(404);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });
});
