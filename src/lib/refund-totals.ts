/**
 * What an order's refunds add up to, as the admin shows them (issue #25). The order's
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

export function refundTotals(order: {
  total_cents: number;
  refunded_cents: number;
  refunds: readonly { amount_cents: number; status: 'pending' | 'succeeded' }[];
}): RefundTotals {
  const pendingCents = order.refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount_cents, 0);
  return {
    doneCents: order.refunded_cents - pendingCents,
    pendingCents,
    leftCents: order.total_cents - order.refunded_cents,
  };
}
