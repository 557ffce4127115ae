/**
 * What an order owes and what each payment request asks of it (docs/decisions/0029-deposits.md), in whole cents.
 * Nothing here is stored: the balance is derived from the order's total, the payments received
 * and the refunds given back, and a request's amount from the order as it is now, so an order
 * that changes never leaves a stale amount on a request.
 */

export interface OrderMoney {
  totalCents: number;
  /** Every payment received (the checkout's own and each request's). */
  paidCents: number;
  /** Refunds given back or in flight (orders.refunded_cents). */
  refundedCents: number;
}

/** total − paid + refunded, never below zero (an overpaid order owes nothing). */
export function balanceDue(money: OrderMoney): number {
  return Math.max(0, money.totalCents - money.paidCents + money.refundedCents);
}

/** What the owner asks for: the whole balance, a share of the total in percent, or an amount. */
export type RequestAsk =
  | { kind: 'balance' }
  | { kind: 'share'; sharePercent: number }
  | { kind: 'amount'; amountCents: number };

/**
 * What a request asks now: the balance; a share of the total (rounded to the cent) capped at
 * the balance; an amount capped at the balance. Zero when nothing is owed.
 */
export function requestAmountNow(ask: RequestAsk, money: OrderMoney): number {
  const balance = balanceDue(money);
  if (ask.kind === 'balance') return balance;
  if (ask.kind === 'share') return Math.min(shareOfTotal(money.totalCents, ask.sharePercent), balance);
  return Math.min(ask.amountCents, balance);
}

/** A deposit's share of the order total, rounded to the cent (before the balance caps it). */
export function shareOfTotal(totalCents: number, percent: number): number {
  return Math.round((totalCents * percent) / 100);
}

/** The request in words, as the checkout line and the e-mail name it ("Deposit 50 %", "Balance"). */
export function requestLabel(ask: RequestAsk): string {
  if (ask.kind === 'balance') return 'Balance';
  if (ask.kind === 'share') return ask.sharePercent === 100 ? 'Payment in full' : `Deposit ${ask.sharePercent} %`;
  // The amount is said beside the name everywhere it shows (page, e-mail, payment line).
  return 'Payment';
}

/**
 * When a deposit order's balance is asked (docs/decisions/0029-deposits.md): when the job is ready for pickup or
 * shipped, or before printing (production then waits until nothing is owed).
 */
export const BALANCE_DUE = ['ready', 'before_production'] as const;
export type BalanceDue = (typeof BALANCE_DUE)[number];

/**
 * The deposit share a new quote starts at until the owner sets another (payment_settings,
 * docs/decisions/0029-deposits.md).
 */
export const DEFAULT_DEPOSIT_PERCENT = 50;

/**
 * What Accept charges for a quote of `totalCents` with a deposit of `percent`: the share rounded
 * to the cent, or null when that is the whole total (100 %, or a total too small to split).
 */
export function depositCents(totalCents: number, percent: number): number | null {
  if (percent >= 100) return null;
  const deposit = Math.max(1, Math.round((totalCents * percent) / 100));
  return deposit < totalCents ? deposit : null;
}

/** The terms in the customer's words, for the quote page and the order page. */
export function balanceDueWords(due: BalanceDue): string {
  return due === 'ready' ? 'when your order is ready' : 'before we print';
}

/** One payment's share of a refund split across an order's payments (order_refunds.parts). */
export interface RefundPart {
  payment_id: string;
  /** The provider's session of that payment (Stripe finds its PaymentIntent from it). */
  session_id: string;
  payment_intent_id: string | null;
  amount_cents: number;
}

/** A payment of the order, with what earlier refunds already took from it. */
export interface RefundablePayment {
  id: string;
  sessionId: string;
  paymentIntentId: string | null;
  amountCents: number;
  refundedCents: number;
}

/**
 * Splits a refund across the order's payments (docs/decisions/0029-deposits.md), newest first, never taking more from a
 * payment than it has left: a refund larger than one payment becomes one refund per payment.
 * `payments` must be newest first. Null when the payments do not hold that much.
 */
export function splitRefund(amountCents: number, payments: readonly RefundablePayment[]): RefundPart[] | null {
  const parts: RefundPart[] = [];
  let rest = amountCents;
  for (const payment of payments) {
    if (rest === 0) break;
    const take = Math.min(rest, payment.amountCents - payment.refundedCents);
    if (take <= 0) continue;
    parts.push({
      payment_id: payment.id,
      session_id: payment.sessionId,
      payment_intent_id: payment.paymentIntentId,
      amount_cents: take,
    });
    rest -= take;
  }
  return rest === 0 ? parts : null;
}

/**
 * What was paid beyond what the order now costs (paid − refunded − total, never below zero): an
 * order whose lines the owner lowered after payment, with that much to give back.
 */
export function overpaidCents(money: OrderMoney): number {
  return Math.max(0, money.paidCents - money.refundedCents - money.totalCents);
}
