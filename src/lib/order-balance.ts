/**
 * What an order owes and what each payment request asks of it (issue #29), in whole cents.
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
  if (ask.kind === 'share') return Math.min(Math.round((money.totalCents * ask.sharePercent) / 100), balance);
  return Math.min(ask.amountCents, balance);
}

/** The request in words, as the checkout line and the e-mail name it ("Deposit 50 %", "Balance"). */
export function requestLabel(ask: RequestAsk): string {
  if (ask.kind === 'balance') return 'Balance';
  if (ask.kind === 'share') return ask.sharePercent === 100 ? 'Payment in full' : `Deposit ${ask.sharePercent} %`;
  // The amount is said beside the name everywhere it shows (page, e-mail, payment line).
  return 'Payment';
}

/**
 * What was paid beyond what the order now costs (paid − refunded − total, never below zero): an
 * order whose lines the owner lowered after payment, with that much to give back.
 */
export function overpaidCents(money: OrderMoney): number {
  return Math.max(0, money.paidCents - money.refundedCents - money.totalCents);
}
