import type { Kysely } from 'kysely';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import type { Database } from '../../src/server/db/types.ts';
import { orderBySession, postJson, sessionIdOf, type VariantFixture } from './checkout.ts';

/**
 * Orders placed on account with their invoice (docs/decisions/0029-deposits.md), made the way an on-account checkout
 * leaves them until that checkout exists here: a checkout of `quantity` pieces placed (status
 * paid, no money received), billed to `accountId` with a PO, and an invoice row issued at
 * `issuedAt` and due on `dueOn`. Needs the test's database installed (installDatabase).
 */
export async function businessAccount(db: Kysely<Database>, name: string, domain: string) {
  const row = await db
    .insertInto('business_accounts')
    .values({ name, domain, terms: 'net_30', credit_limit_cents: 1_000_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function placedOrder(db: Kysely<Database>, variant: VariantFixture, email: string, quantity = 2) {
  const started = await postJson(cartCheckout, '/api/cart/checkout', {
    items: [{ productId: variant.productId, colorId: variant.colorId, sizeId: variant.sizeId, quantity }],
    fulfillment: 'local',
  });
  if (started.status !== 201) throw new Error(`checkout answered ${started.status}: ${await started.text()}`);
  const row = await orderBySession(db, sessionIdOf(((await started.json()) as { url: string }).url));
  await completeOrder(db, row.id, { email, name: 'Pat Bursar' });
  return row.id;
}

export interface InvoiceFixture {
  orderId: string;
  invoiceId: string;
  number: number;
  totalCents: number;
}

export async function invoicedOrder(
  db: Kysely<Database>,
  variant: VariantFixture,
  invoice: { accountId: string; email: string; po: string; issuedAt: Date; dueOn: string; quantity?: number },
): Promise<InvoiceFixture> {
  const orderId = await placedOrder(db, variant, invoice.email, invoice.quantity);
  // On account nothing is received at checkout: the whole total is owed on the invoice.
  await db.deleteFrom('order_payments').where('order_id', '=', orderId).execute();
  const order = await db
    .updateTable('orders')
    .set({ account_id: invoice.accountId, po_number: invoice.po })
    .where('id', '=', orderId)
    .returning('total_cents')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('invoices')
    .values({
      order_id: orderId,
      account_id: invoice.accountId,
      po_number: invoice.po,
      terms: 'net_30',
      issued_at: invoice.issuedAt,
      due_on: invoice.dueOn,
    })
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow();
  return { orderId, invoiceId: row.id, number: row.number, totalCents: order.total_cents };
}

/** A payment received on the order (as a paid checkout session records it), at `paidAt`. */
export async function receivePayment(db: Kysely<Database>, orderId: string, cents: number, paidAt = new Date()) {
  await db
    .insertInto('order_payments')
    .values({
      order_id: orderId,
      amount_cents: cents,
      method: 'card',
      provider: 'stripe',
      provider_session_id: `cs_test_${crypto.randomUUID().replaceAll('-', '')}`,
      payment_intent_id: `pi_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`,
      paid_at: paidAt,
    })
    .execute();
}
