import { type Kysely, sql } from 'kysely';
import { isUuid } from '../../../lib/identifiers.ts';
import { balanceDue, requestAmountNow, requestLabel } from '../../../lib/orders/order-balance.ts';
import { orderNumber } from '../../../lib/orders/order-number.ts';
import type { CheckoutUrls } from '../../links/urls.ts';
import { atomically } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { Conflict, Invalid, NotFound, Unavailable } from '../../errors.ts';
import { type PaymentProvider, PaymentUnavailableError, type SessionCombined } from '../../payments/provider.ts';
import { lockPayableOrder } from './lock-payable.ts';
import { invoiceNumber } from '../../../lib/orders/on-account.ts';
import { markPaymentSession, recordPaymentSession } from './payment-sessions.ts';
import { askOf } from './request-views.ts';

/** At most this many items are paid in one session (Stripe's metadata names each request). */
export const MAX_ITEMS_TOGETHER = 40;

/** The items a payer page's form names: "request:<id>" or "invoice:<order id>". */
export function parseItemKeys(values: readonly string[]): { requests: string[]; invoiceOrders: string[] } {
  const field = (message: string) => new Invalid('invalid_input', message, { fields: { item: message } });
  const keys = [...new Set(values.map((v) => v.toLowerCase()))];
  if (keys.length === 0) throw field('Choose at least one thing to pay.');
  if (keys.length > MAX_ITEMS_TOGETHER) throw field(`Choose at most ${MAX_ITEMS_TOGETHER} things to pay at once.`);
  const requests: string[] = [];
  const invoiceOrders: string[] = [];
  for (const key of keys) {
    const [kind, id = ''] = key.split(':');
    if (!isUuid(id) || (kind !== 'request' && kind !== 'invoice'))
      throw field('One of the chosen items is not one of yours.');
    (kind === 'request' ? requests : invoiceOrders).push(id);
  }
  return { requests, invoiceOrders };
}

/**
 * The customer's Pay on their payer page (docs/decisions/0029-deposits.md): one checkout session for every chosen
 * item, for exactly what each asks now. Under the locks of every order involved (taken in id
 * order, as recording does), each chosen request must still be open; an invoice without an open
 * request gets a 'balance' request (no e-mail: the customer is paying it). The combined payment
 * is stored with what it charges per request; the provider is then asked, outside any
 * transaction, and the session kept on the requests only if all are still open. Answers the URL
 * to send the customer to.
 */
export async function openCombinedCheckout(
  db: Kysely<Database>,
  provider: PaymentProvider,
  userId: string,
  chosen: { requests: string[]; invoiceOrders: string[] },
  urls: CheckoutUrls,
): Promise<string> {
  const opened = await atomically(db, (trx) => storeCombined(trx, provider, userId, chosen));
  let session: { sessionId: string; url: string };
  try {
    session = await provider.createCombinedSession(opened.payment, urls);
  } catch (error) {
    if (!(error instanceof PaymentUnavailableError)) throw error;
    console.error(`[payments] combined payment ${opened.payment.combinedPaymentId}: no session`, error.cause ?? error);
    throw new Unavailable(
      'payment_unavailable',
      'The payment page could not be opened. Nothing was charged; try again.',
      30,
    );
  }
  const stored = await atomically(db, async (trx) => {
    await trx
      .updateTable('combined_payments')
      .set({ session_id: session.sessionId })
      .where('id', '=', opened.payment.combinedPaymentId)
      .execute();
    let all = true;
    for (const line of opened.payment.lines) {
      const row = await trx
        .updateTable('payment_requests')
        .set({ session_id: session.sessionId, session_amount_cents: line.amountCents })
        .where('id', '=', line.requestId)
        .where('status', '=', 'open')
        .returning('id')
        .executeTakeFirst();
      all &&= row !== undefined;
    }
    // Recorded even when refused (then closed): its expiry still finds the requests it was put on.
    await recordPaymentSession(trx, {
      provider: provider.name,
      sessionId: session.sessionId,
      purpose: 'combined',
      orderId: null,
      requestId: null,
      combinedPaymentId: opened.payment.combinedPaymentId,
      amountCents: opened.payment.lines.reduce((sum, line) => sum + line.amountCents, 0),
      state: all ? 'open' : 'cancelled',
    });
    // The requests' own sessions this one replaces can no longer be paid here.
    if (all) {
      const stale = opened.previous.filter((id) => id !== session.sessionId);
      await markPaymentSession(trx, stale, 'cancelled');
    }
    return all;
  });
  for (const stale of opened.previous) if (stale !== session.sessionId) await closeQuietly(provider, stale);
  if (!stored) {
    await closeQuietly(provider, session.sessionId);
    throw new Conflict('request_closed', 'One of these payments was paid or withdrawn meanwhile: nothing was charged.');
  }
  return session.url;
}

async function storeCombined(
  trx: Kysely<Database>,
  provider: PaymentProvider,
  userId: string,
  chosen: { requests: string[]; invoiceOrders: string[] },
): Promise<{ payment: SessionCombined; previous: string[] }> {
  const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new NotFound('not_found', 'There is no such customer.');
  const requested = chosen.requests.length
    ? await trx.selectFrom('payment_requests').select(['id', 'order_id']).where('id', 'in', chosen.requests).execute()
    : [];
  const orderIds = [...new Set([...requested.map((r) => r.order_id), ...chosen.invoiceOrders])].sort();
  const theirs = await trx
    .selectFrom('orders')
    .select('id')
    .where('id', 'in', orderIds.length ? orderIds : ['00000000-0000-0000-0000-000000000000'])
    .where(sql<string>`lower(email)`, '=', user.email.toLowerCase())
    // Oldest first (to the microsecond): the order the session's lines are shown in.
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (requested.length !== chosen.requests.length || theirs.length !== orderIds.length) {
    throw new NotFound('not_found', 'One of the chosen items is not one of yours.');
  }
  const lines: SessionCombined['lines'] = [];
  const previous = new Set<string>();
  for (const orderId of orderIds) {
    const money = await lockPayableOrder(trx, orderId);
    const number = orderNumber(orderId);
    const ids = requested.filter((r) => r.order_id === orderId).map((r) => r.id);
    if (chosen.invoiceOrders.includes(orderId)) {
      if (balanceDue(money) === 0) throw new Conflict('nothing_owed', `Order ${number} is paid in full now.`);
      ids.push(...(await invoiceRequests(trx, orderId, number)));
    }
    const rows = await trx
      .selectFrom('payment_requests')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .orderBy('created_at')
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const row of rows) {
      const label = requestLabel(askOf(row));
      if (row.status === 'paid') throw new Conflict('request_paid', `The ${label} on order ${number} is already paid.`);
      if (row.status !== 'open') {
        throw new Conflict('request_cancelled', `The shop withdrew the ${label} request on order ${number}.`);
      }
      const amountCents = requestAmountNow(askOf(row), money);
      if (amountCents === 0) continue;
      money.paidCents += amountCents;
      lines.push({ orderId, requestId: row.id, label: `${label}, order ${number}`, amountCents });
      if (row.session_id) previous.add(row.session_id);
    }
  }
  // Locked in id order (no deadlock between two payers' sessions); shown oldest order first.
  const placed = new Map(theirs.map((o, index) => [o.id, index]));
  lines.sort((a, b) => placed.get(a.orderId)! - placed.get(b.orderId)!);
  if (lines.length === 0)
    throw new Conflict('nothing_owed', 'Nothing of what you chose is owed now: there is nothing to pay.');
  const combined = await trx
    .insertInto('combined_payments')
    .values({ user_id: userId, provider: provider.name, amount_cents: lines.reduce((s, l) => s + l.amountCents, 0) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('combined_payment_requests')
    .values(
      lines.map((l) => ({
        combined_payment_id: combined.id,
        request_id: l.requestId,
        order_id: l.orderId,
        amount_cents: l.amountCents,
      })),
    )
    .execute();
  return {
    payment: { combinedPaymentId: combined.id, lines, customerEmail: user.email },
    previous: [...previous],
  };
}

/**
 * An invoice chosen on the payer page (under its order's lock): the order's open requests, or a
 * new 'balance' request when it has none, noted with the invoice's number. No e-mail: the
 * customer is paying it now.
 */
async function invoiceRequests(trx: Kysely<Database>, orderId: string, number: string): Promise<string[]> {
  const invoice = await trx.selectFrom('invoices').select('number').where('order_id', '=', orderId).executeTakeFirst();
  if (!invoice) throw new NotFound('not_found', `Order ${number} has no invoice.`);
  const open = await trx
    .selectFrom('payment_requests')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .execute();
  if (open.length > 0) return open.map((r) => r.id);
  const row = await trx
    .insertInto('payment_requests')
    .values({ order_id: orderId, kind: 'balance', note: `Invoice ${invoiceNumber(invoice.number)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return [row.id];
}

async function closeQuietly(provider: PaymentProvider, sessionId: string): Promise<void> {
  await provider.expireSession(sessionId).catch((error: unknown) => {
    console.warn(`[payments] could not close session ${sessionId}:`, error);
  });
}
