import { describe, expect, it } from 'vitest';
import { ageingBucket, type ReceivableItem, receivablesByCustomer } from '../../src/lib/orders/receivables.ts';

describe('ageing buckets', () => {
  it('puts an amount not yet due in current and each later day in its 30-day band', () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      'current',
      'current',
      'd1_30',
      'd1_30',
      'd31_60',
      'd31_60',
      'd61_90',
      'd61_90',
      'd90_plus',
      'd90_plus',
    ]);
  });
});

const item = (over: Partial<ReceivableItem> & { customer: string; account_id: string | null }) => ({
  kind: 'request' as const,
  id: crypto.randomUUID(),
  order_id: crypto.randomUUID(),
  order_number: 'ABCDEF12',
  invoice_number: null,
  invoice_url: null,
  po_number: null,
  label: 'Balance',
  issued_on: '2026-12-01',
  due_on: '2026-12-01',
  days_past_due: 0,
  bucket: 'current' as const,
  amount_cents: 100,
  ...over,
});

describe('receivables by customer', () => {
  it('groups an account’s items under its name and an address’s regardless of case, summing buckets and totals', () => {
    const answer = receivablesByCustomer('2026-12-15', [
      item({
        customer: 'zed@example.com',
        account_id: null,
        amount_cents: 500,
        bucket: 'd31_60',
        due_on: '2026-11-01',
      }),
      item({ customer: 'Ector ISD', account_id: 'a1', amount_cents: 1_000, bucket: 'd1_30', due_on: '2026-12-01' }),
      item({ customer: 'Ector ISD', account_id: 'a1', amount_cents: 250, bucket: 'current', due_on: '2026-12-30' }),
      item({
        customer: 'Zed@Example.com',
        account_id: null,
        amount_cents: 50,
        bucket: 'current',
        due_on: '2026-12-14',
      }),
    ]);
    expect(answer.customers.map((c) => [c.customer, c.total_cents, c.items.map((i) => i.due_on)])).toEqual([
      ['Ector ISD', 1_250, ['2026-12-01', '2026-12-30']],
      ['zed@example.com', 550, ['2026-11-01', '2026-12-14']],
    ]);
    expect(answer.buckets).toEqual({ current: 300, d1_30: 1_000, d31_60: 500, d61_90: 0, d90_plus: 0 });
    expect(answer.total_cents).toBe(1_800);
  });
});
