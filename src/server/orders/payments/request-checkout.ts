import { type Kysely, sql } from 'kysely';
import { orderNumber } from '../../../lib/orders/order-number.ts';
import { formatUsd } from '../../../lib/money.ts';
import { balanceDue, type OrderMoney, requestAmountNow, requestLabel } from '../../../lib/orders/order-balance.ts';
import type { CheckoutUrls } from '../../links/urls.ts';
import { atomically } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { lockOrders } from '../lock-order.ts';
import { Conflict, NotFound, Unavailable } from '../../errors.ts';
import { type PaymentProvider, PaymentUnavailableError } from '../../payments/provider.ts';
import { bankPaymentInProgress } from './bank-payments.ts';
import { lockPayableOrder } from './lock-payable.ts';
import { recordPaymentSession, markPaymentSession } from './payment-sessions.ts';
import { orderMoney } from './record-payment.ts';
import { offersBankTransfer, readPaymentSettings } from './payment-settings.ts';
import { askOf } from './request-views.ts';

/**
 * The customer's Pay on a payment request (docs/decisions/0029-deposits.md): under the order's lock, the request must
 * still be open and the order owe something; the provider then opens a session for exactly what
 * the request asks now, and the session is kept on the request (and recorded in payment_sessions,
 * purpose request or invoice) only if it is still open (a
 * request paid or withdrawn meanwhile answers 409 and the new session is closed). Answers the
 * URL to send the customer to. The provider is never asked inside a transaction.
 *
 * Money another open request's session already asks for is not asked again: two requests for
 * the whole balance, both paid, took it twice. The session asks for what is left of the balance
 * once the other sessions are counted, and when nothing is left the Pay is refused with 409 and
 * nothing stored; the check is made again under the lock when the session is kept, so two Pays
 * at once cannot both pass it.
 */
export async function openRequestCheckout(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: string,
  requestId: string,
  urls: CheckoutUrls,
  purpose: 'request' | 'invoice' = 'request',
): Promise<string> {
  const asked = await atomically(db, async (trx) => {
    const money = await lockPayableOrder(trx, orderId);
    const request = await trx
      .selectFrom('payment_requests')
      .selectAll()
      .where('id', '=', requestId)
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw new NotFound('not_found', 'There is no such payment request on this order.');
    if (request.status !== 'open') throw closed(request.status);
    if (request.processing_since) throw bankPaymentInProgress(request.session_amount_cents);
    const wanted = requestAmountNow(askOf(request), money);
    if (wanted === 0) throw new Conflict('nothing_owed', 'Nothing is owed on this order now: there is nothing to pay.');
    const covered = await askedByOtherSessions(trx, orderId, requestId);
    const amountCents = Math.min(wanted, uncovered(money, covered));
    if (amountCents === 0) throw alreadyCovered(money);
    const order = await trx.selectFrom('orders').select('email').where('id', '=', orderId).executeTakeFirstOrThrow();
    const bankTransfer = offersBankTransfer(await readPaymentSettings(trx), amountCents);
    return {
      amountCents,
      label: requestLabel(askOf(request)),
      email: order.email,
      previous: request.session_id,
      bankTransfer,
    };
  });
  let session: { sessionId: string; url: string };
  try {
    session = await provider.createPaymentSession(
      {
        orderId,
        requestId,
        amountCents: asked.amountCents,
        label: `${asked.label}, order ${orderNumber(orderId)}`,
        customerEmail: asked.email,
        bankTransfer: asked.bankTransfer,
      },
      urls,
    );
  } catch (error) {
    if (!(error instanceof PaymentUnavailableError)) throw error;
    console.error(`[payments] request ${requestId}: no session`, error.cause ?? error);
    throw new Unavailable(
      'payment_unavailable',
      'The payment page could not be opened. Nothing was charged; try again.',
      30,
    );
  }
  const kept = await atomically(db, async (trx) => {
    // Another Pay may have kept its session since: its money is not asked twice.
    await lockOrders(trx, [orderId]);
    const money = await orderMoney(trx, orderId);
    const covered = await askedByOtherSessions(trx, orderId, requestId);
    if (!money || asked.amountCents > uncovered(money, covered)) return { refusal: alreadyCovered(money) };
    const stored = await trx
      .updateTable('payment_requests')
      .set({ session_id: session.sessionId, session_amount_cents: asked.amountCents })
      .where('id', '=', requestId)
      .where('status', '=', 'open')
      .returning('status')
      .executeTakeFirst();
    if (!stored) return { refusal: closed('closed') };
    await recordPaymentSession(trx, {
      provider: provider.name,
      sessionId: session.sessionId,
      purpose,
      orderId,
      requestId,
      combinedPaymentId: null,
      amountCents: asked.amountCents,
    });
    // The session this one replaces can no longer be paid here.
    if (asked.previous && asked.previous !== session.sessionId) {
      await markPaymentSession(trx, asked.previous, 'cancelled');
    }
    return { refusal: null };
  });
  const stale = kept.refusal ? session.sessionId : asked.previous;
  if (stale && stale !== session.sessionId) await closeQuietly(provider, stale);
  if (kept.refusal) {
    await closeQuietly(provider, session.sessionId);
    throw kept.refusal;
  }
  return session.url;
}

/** What the other open requests of the order have asked for in sessions still open (a checkout or a bank payment in flight). */
async function askedByOtherSessions(trx: Kysely<Database>, orderId: string, requestId: string): Promise<number> {
  const row = await trx
    .selectFrom('payment_requests')
    .select(sql<number>`coalesce(sum(session_amount_cents), 0)::bigint`.as('cents'))
    .where('order_id', '=', orderId)
    .where('id', '!=', requestId)
    .where('status', '=', 'open')
    .where('session_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return row.cents;
}

/** The balance no other open session asks for. */
const uncovered = (money: OrderMoney, covered: number) => Math.max(0, balanceDue(money) - covered);

function alreadyCovered(money: OrderMoney | null): Conflict {
  const owed = money ? balanceDue(money) : 0;
  return new Conflict(
    'covered_by_another_request',
    `Another payment request's checkout already covers the ${formatUsd(owed)} owed on this order, so nothing more ` +
      'can be paid here now and nothing was charged. If that payment was left unfinished, try again in an hour.',
  );
}

function closed(status: string): Conflict {
  if (status === 'paid') return new Conflict('request_paid', 'This payment request is already paid. Thank you!');
  if (status === 'cancelled')
    return new Conflict('request_cancelled', 'The shop withdrew this payment request: there is nothing to pay for it.');
  return new Conflict('request_closed', 'This payment request was paid or withdrawn meanwhile: nothing was charged.');
}

async function closeQuietly(provider: PaymentProvider, sessionId: string): Promise<void> {
  await provider.expireSession(sessionId).catch((error: unknown) => {
    console.warn(`[payments] could not close session ${sessionId}:`, error);
  });
}
