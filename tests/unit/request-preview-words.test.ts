import { describe, expect, it } from 'vitest';
import type { PaymentRequestPreview } from '../../src/lib/admin-schemas/payment-request.ts';
import { requestPreviewWords } from '../../src/lib/orders/request-preview-words.ts';

/** A payment request's preview in words (issue 44, item 6): the basis of a deposit and what is already paid. */
const base: PaymentRequestPreview = {
  label: 'Deposit 50 %',
  amount_cents: 10_000,
  total_cents: 20_000,
  paid_cents: 5_000,
  balance_cents: 15_000,
  share: { percent: 50, of_total_cents: 10_000 },
  mail: null,
};

describe('requestPreviewWords', () => {
  it('says a deposit is a share of the order total and counts what is already paid', () => {
    expect(requestPreviewWords(base)).toBe(
      '50 % of the order total of $200.00 is $100.00. Already paid $50.00, balance due $150.00. This asks $100.00.',
    );
  });

  it('says when what is already paid leaves less owed than the share', () => {
    const capped = { ...base, amount_cents: 4_000, paid_cents: 16_000, balance_cents: 4_000 };
    expect(requestPreviewWords(capped)).toBe(
      '50 % of the order total of $200.00 is $100.00. Already paid $160.00, balance due $40.00. This asks $40.00, what is still owed.',
    );
  });

  it('names the balance and a typed amount against the total and what is paid', () => {
    expect(requestPreviewWords({ ...base, label: 'Balance', share: null, amount_cents: 15_000 })).toBe(
      'The balance due: the order total of $200.00 less $50.00 already paid. This asks $150.00.',
    );
    expect(requestPreviewWords({ ...base, label: 'Payment', share: null, amount_cents: 2_500 })).toBe(
      'Part of the balance due of $150.00 (order total $200.00, already paid $50.00). This asks $25.00.',
    );
  });
});
