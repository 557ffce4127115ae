import type { Kysely } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import { balanceDue, type OrderMoney, overpaidCents } from '../../lib/orders/order-balance.ts';
import type { Database } from '../db/types.ts';
import { orderMoney } from './payments/record-payment.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import type { Bindings } from '../mail/render.ts';

/**
 * The e-mails that tell a customer where the money of their order stands (issue 41, items 8
 * and 10): after the shop changed the order, and after each payment received past checkout.
 * Both say what was paid and what is owed, derived from the order's rows as every page does.
 */

/** What was paid, what is owed and the total, in dollars, as both e-mails say them. */
export function moneyBindings(money: OrderMoney): Bindings {
  return {
    total: formatUsd(money.totalCents),
    paid: formatUsd(money.paidCents),
    owed: formatUsd(balanceDue(money)),
  };
}

/**
 * The shop changed a paid order's lines (an adjustment, sizes, locations), in the change's
 * transaction: the customer gets what changed, the new total and what is owed now, so the amount
 * an earlier payment request e-mailed is never the last word. Nothing when the total stayed.
 */
export async function queueOrderChanged(
  trx: Kysely<Database>,
  orderId: string,
  whatChanged: string,
  totals: { before: number; after: number },
): Promise<string | null> {
  if (totals.before === totals.after) return null;
  const money = await orderMoney(trx, orderId);
  if (!money) return null;
  const over = overpaidCents(money);
  return queueOrderMail(trx, orderId, 'order-changed', {
    ...moneyBindings(money),
    whatChanged,
    previousTotal: formatUsd(totals.before),
    overpaidLine:
      over > 0 ? `You paid ${formatUsd(over)} more than the order now costs: we will refund it to you.\n` : '',
  });
}

/**
 * A payment after checkout was recorded (a deposit's balance, a payment request, an invoice paid
 * online), in the transaction that records it: the customer gets what came in and what is owed
 * now. `what` names what it paid ("Balance", "Deposit 50 %").
 */
export async function queuePaymentReceived(
  trx: Kysely<Database>,
  orderId: string,
  what: string,
  amountCents: number,
): Promise<string | null> {
  const money = await orderMoney(trx, orderId);
  if (!money) return null;
  return queueOrderMail(trx, orderId, 'payment-received', {
    ...moneyBindings(money),
    amount: formatUsd(amountCents),
    what,
    refundedLine: money.refundedCents > 0 ? `Refunded to you: ${formatUsd(money.refundedCents)}\n` : '',
  });
}
