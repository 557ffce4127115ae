/**
 * What an order's refunds add up to, as the admin shows them (docs/decisions/0025-hardening.md). The order's
 * refunded_cents counts refunds still pending (reserved before the provider is asked, settled
 * by the sweep when the answer was lost), so it is what is no longer refundable, not what was
 * given back: a pending refund is shown as pending, never as done.
 */
export interface RefundTotals {
  /** Refunds the provider made. */
  doneCents: number;
  /** Refunds asked for whose outcome is not known yet. */
  pendingCents: number;
  /** What can still be refunded (pending refunds count against it). */
  leftCents: number;
}

/**
 * What can still be refunded: what was received (payments), less refunds made or in flight. A
 * deposit order gives back no more than its deposit; an order the owner lowered after payment
 * gives back what it was paid beyond its new total (the refund service splits it across the
 * payments, src/server/orders/refunds.ts).
 */
export function refundableCents(money: { paidCents: number; refundedCents: number }): number {
  return Math.max(0, money.paidCents - money.refundedCents);
}

export function refundTotals(order: {
  total_cents: number;
  refunded_cents: number;
  refunds: readonly { amount_cents: number; status: 'pending' | 'succeeded' }[];
  /** What was paid (docs/decisions/0029-deposits.md); absent: the total, as paid at checkout. */
  money?: { paid_cents: number };
}): RefundTotals {
  const pendingCents = order.refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount_cents, 0);
  return {
    doneCents: order.refunded_cents - pendingCents,
    pendingCents,
    leftCents: refundableCents({
      paidCents: order.money?.paid_cents ?? order.total_cents,
      refundedCents: order.refunded_cents,
    }),
  };
}
