import { describe, expect, it } from 'vitest';
import { dateTime } from '../../src/admin/format.ts';
import { attentionReasons } from '../../src/lib/orders/order-queue.ts';

/** Issue 41, item 9: the back office reads times on the shop's clock, whatever the browser's zone. */
describe('dates in the back office', () => {
  it('shows an instant at 11:30 PM Central as that evening, not the next UTC morning', () => {
    expect(dateTime('2026-11-30T05:30:00Z')).toBe('Sun, Nov 29, 2026, 11:30 PM CST');
    expect(dateTime(null)).toBe('');
  });

  it('names an overdue in-hands date as people read it', () => {
    const reasons = attentionReasons({
      attention_reason: null,
      waiting_stage: null,
      due_in_days: -2,
      overpaid_cents: null,
      in_hands_date: '2026-11-27',
    } as Parameters<typeof attentionReasons>[0]);
    expect(reasons).toContain('Overdue: the customer needed it on Fri, Nov 27, 2026.');
  });
});
