import { describe, expect, it } from 'vitest';
import { refundTotals } from '../../src/lib/orders/refund-totals.ts';

describe('refund totals of an order', () => {
  it('count a pending refund as pending, not done, and as no longer refundable', () => {
    expect(
      refundTotals({
        total_cents: 10_000,
        refunded_cents: 10_000,
        refunds: [
          { amount_cents: 2_500, status: 'succeeded' },
          { amount_cents: 7_500, status: 'pending' },
        ],
      }),
    ).toEqual({ doneCents: 2_500, pendingCents: 7_500, leftCents: 0 });
  });

  it('are all done when nothing is pending', () => {
    expect(
      refundTotals({
        total_cents: 4_000,
        refunded_cents: 1_000,
        refunds: [{ amount_cents: 1_000, status: 'succeeded' }],
      }),
    ).toEqual({ doneCents: 1_000, pendingCents: 0, leftCents: 3_000 });
  });
});
