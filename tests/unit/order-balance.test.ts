import { describe, expect, it } from 'vitest';
import { balanceDue, requestAmountNow, requestLabel } from '../../src/lib/order-balance.ts';

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
