/** How a payment was made (order_payments.method): a card, a bank transfer (Stripe's ACH Direct Debit), or the test checkout. */
export const PAYMENT_METHODS = ['card', 'test', 'us_bank_account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The method as a sentence reads it: "by card", "by bank transfer". */
export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, string> = {
  card: 'card',
  test: 'test checkout',
  us_bank_account: 'bank transfer',
};
