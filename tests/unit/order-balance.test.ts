import { describe, expect, it } from 'vitest';
import {
  balanceDue,
  depositCents,
  requestAmountNow,
  requestLabel,
  splitRefund,
} from '../../src/lib/orders/order-balance.ts';

const order = (totalCents: number, paidCents: number, refundedCents = 0) => ({ totalCents, paidCents, refundedCents });

describe('the balance due on an order', () => {
  it('is the total less what was paid, plus what was given back', () => {
    expect(balanceDue(order(10_000, 0))).toBe(10_000);
    expect(balanceDue(order(10_000, 5_000))).toBe(5_000);
    expect(balanceDue(order(10_000, 10_000, 1_500))).toBe(1_500);
  });

  it('is never below zero when the order was paid more than it costs now', () => {
    expect(balanceDue(order(8_000, 10_000))).toBe(0);
  });
});

describe('what a payment request asks now', () => {
  it('asks the whole balance for a balance request', () => {
    expect(requestAmountNow({ kind: 'balance' }, order(12_345, 6_000))).toBe(6_345);
  });

  it('asks a share of the total, rounded to the cent', () => {
    expect(requestAmountNow({ kind: 'share', sharePercent: 50 }, order(12_345, 0))).toBe(6_173);
    expect(requestAmountNow({ kind: 'share', sharePercent: 33 }, order(10_001, 0))).toBe(3_300);
  });

  it('caps a share at the balance once part is paid', () => {
    expect(requestAmountNow({ kind: 'share', sharePercent: 50 }, order(10_000, 7_000))).toBe(3_000);
  });

  it('caps a fixed amount at the balance, and follows the order when its total changes', () => {
    const ask = { kind: 'amount', amountCents: 4_000 } as const;
    expect(requestAmountNow(ask, order(10_000, 5_000))).toBe(4_000);
    expect(requestAmountNow(ask, order(7_000, 5_000))).toBe(2_000);
  });

  it('asks nothing when nothing is owed', () => {
    expect(requestAmountNow({ kind: 'share', sharePercent: 50 }, order(10_000, 10_000))).toBe(0);
    expect(requestAmountNow({ kind: 'balance' }, order(10_000, 12_000))).toBe(0);
  });

  it('names each kind in words', () => {
    expect(requestLabel({ kind: 'share', sharePercent: 50 })).toBe('Deposit 50 %');
    expect(requestLabel({ kind: 'balance' })).toBe('Balance');
    expect(requestLabel({ kind: 'amount', amountCents: 2_550 })).toBe('Payment');
  });
});

describe('a deposit on a quote (docs/decisions/0029-deposits.md)', () => {
  it('is the share rounded to the cent, or nothing when it would be the whole total', () => {
    expect(depositCents(55_080, 50)).toBe(27_540);
    expect(depositCents(43_999, 50)).toBe(22_000);
    expect(depositCents(10_000, 100)).toBeNull();
    // A total too small to split is paid in full.
    expect(depositCents(1, 50)).toBeNull();
    expect(depositCents(3, 99)).toBeNull();
    expect(depositCents(2, 1)).toBe(1);
  });
});

describe('a refund split across payments (docs/decisions/0029-deposits.md)', () => {
  const payment = (id: string, amountCents: number, refundedCents = 0) => ({
    id,
    sessionId: `cs_${id}`,
    paymentIntentId: `pi_${id}`,
    amountCents,
    refundedCents,
  });

  it('takes from the newest payment first and only what each has left', () => {
    const newestFirst = [payment('balance', 6_000), payment('deposit', 5_000, 1_000)];
    expect(splitRefund(2_500, newestFirst)).toEqual([
      { payment_id: 'balance', session_id: 'cs_balance', payment_intent_id: 'pi_balance', amount_cents: 2_500 },
    ]);
    expect(splitRefund(8_000, newestFirst)?.map((p) => [p.payment_id, p.amount_cents])).toEqual([
      ['balance', 6_000],
      ['deposit', 2_000],
    ]);
    // A payment refunded in full is passed over.
    expect(splitRefund(1_000, [payment('balance', 6_000, 6_000), payment('deposit', 5_000)])).toEqual([
      expect.objectContaining({ payment_id: 'deposit', amount_cents: 1_000 }),
    ]);
  });

  it('answers null when the payments do not hold that much', () => {
    expect(splitRefund(10_001, [payment('balance', 6_000), payment('deposit', 5_000, 1_000)])).toBeNull();
    expect(splitRefund(1, [])).toBeNull();
  });
});
