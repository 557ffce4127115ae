import { type Kysely, sql } from 'kysely';
import type { PaymentRequestInput, PaymentRequestView } from '../../../lib/admin-schemas/payment-request.ts';
import { formatUsd } from '../../../lib/money.ts';
import { balanceDue, type OrderMoney, requestAmountNow, requestLabel } from '../../../lib/orders/order-balance.ts';
import { atomically } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { lockOrders } from '../lock-order.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { queueOrderMail } from '../../mail/order-mail.ts';
import { moneyBindings } from '../money-mail.ts';
import { bankPaymentPending } from './bank-payments.ts';
import { askOf } from './request-views.ts';
import { lockPayableOrder } from './lock-payable.ts';
import { paymentRequested, paymentRequestWithdrawn } from './payment-timeline.ts';
import { type StaffActor, staffIdOf } from '../order-events.ts';
import { payTogetherBindings } from './pay-together-mail.ts';

/** The field of the payload a refused amount is about. */
const FIELD_OF = { balance: 'kind', share: 'share_percent', amount: 'amount_cents' } as const;

/**
 * The owner asks the customer for money on a paid or part-paid order (docs/decisions/0029-deposits.md): the request
 * is stored with what it asks (recomputed whenever it is shown or paid) and the customer gets
 * the payment-request e-mail with the signed link to the order page, in one transaction under
 * the order's lock. Refused, with nothing stored: a cancelled or unpaid order (409), an order
 * that owes nothing or an amount above the balance (400, naming the field).
 */
export async function createPaymentRequest(
  db: Kysely<Database>,
  orderId: string,
  input: PaymentRequestInput,
  actor: StaffActor,
): Promise<{ request: PaymentRequestView; mailId: string | null }> {
  return atomically(db, async (trx) => {
    const money = await lockPayableOrder(trx, orderId);
    const balance = balanceDue(money);
    const field = FIELD_OF[input.kind];
    if (balance === 0) {
      throw new Invalid('nothing_owed', 'This order is paid in full: there is nothing to ask for.', {
        fields: { [field]: 'Nothing is owed on this order.' },
      });
    }
    if (input.kind === 'amount' && input.amount_cents > balance) {
      throw new Invalid('more_than_balance', `At most ${formatUsd(balance)} is owed on this order.`, {
        fields: { amount_cents: `At most ${formatUsd(balance)}` },
      });
    }
    return askForMoney(trx, orderId, input, money, actor);
  });
}

/**
 * Stores a request the caller has checked against the order's money (under the order's lock),
 * records it on the timeline and e-mails the customer the signed order link. Used by the owner's
 * request and by the balance asked when a deposit order's terms say it is due (balance-terms.ts).
 */
export async function askForMoney(
  trx: Kysely<Database>,
  orderId: string,
  input: PaymentRequestInput,
  money: OrderMoney,
  actor: StaffActor | 'system',
): Promise<{ request: PaymentRequestView; mailId: string | null }> {
  const row = await trx
    .insertInto('payment_requests')
    .values({
      order_id: orderId,
      kind: input.kind,
      share_percent: input.kind === 'share' ? input.share_percent : null,
      amount_cents: input.kind === 'amount' ? input.amount_cents : null,
      note: input.note?.trim() || null,
      staff_id: staffIdOf(actor),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const ask = askOf(row);
  const amount = requestAmountNow(ask, money);
  await paymentRequested(trx, orderId, requestLabel(ask), amount, actor);
  const mailId = await queueOrderMail(trx, orderId, 'payment-request', {
    amount: formatUsd(amount),
    what: requestLabel(ask),
    note: row.note ?? '',
    ...(await payTogetherBindings(trx, orderId)),
    ...moneyBindings(money),
  });
  const request: PaymentRequestView = {
    id: row.id,
    label: requestLabel(ask),
    note: row.note,
    status: 'open',
    amount_cents: amount,
    processing_cents: null,
    created_at: row.created_at.toISOString(),
  };
  return { request, mailId };
}

/**
 * The owner withdraws an open request; a paid or already cancelled one, or one whose bank payment
 * is processing, answers 409. Answers the
 * session that was open for it (if any), for the caller to close at the provider.
 */
export async function cancelPaymentRequest(
  db: Kysely<Database>,
  orderId: string,
  requestId: string,
  actor: StaffActor,
): Promise<{ sessionId: string | null }> {
  return atomically(db, async (trx) => {
    await lockOrders(trx, [orderId]);
    const row = await trx
      .updateTable('payment_requests')
      .set({ status: 'cancelled', cancelled_at: sql`now()` })
      .where('id', '=', requestId)
      .where('order_id', '=', orderId)
      .where('status', '=', 'open')
      .where('processing_since', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (row) {
      await paymentRequestWithdrawn(trx, orderId, requestLabel(askOf(row)), actor);
      return { sessionId: row.session_id };
    }
    const current = await trx
      .selectFrom('payment_requests')
      .select(['status', 'processing_since'])
      .where('id', '=', requestId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!current) throw new NotFound('not_found', 'There is no such payment request on this order.');
    if (current.status === 'open' && current.processing_since) throw bankPaymentPending();
    throw new Conflict(
      'request_closed',
      current.status === 'paid' ? 'This request is already paid.' : 'This request is already cancelled.',
    );
  });
}
