import type { BalanceDue } from '../orders/order-balance.ts';
import type { PaymentMethod } from '../orders/payment-methods.ts';
import { z } from '../zod.ts';

/**
 * POST /api/orders/{id}/payment-requests (docs/decisions/0029-deposits.md): the owner asks for the balance, a share
 * of the order's total ("Deposit 50 %"), or an amount in cents, with an optional note for the
 * customer. Whether the order owes that much is the service's to say (it reads the order).
 */
export const paymentRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('balance'),
      note: z.string().trim().max(500, 'Use at most 500 characters.').nullish(),
    }),
    z.strictObject({
      kind: z.literal('share'),
      share_percent: z
        .number('Enter the share of the total in percent.')
        .int('Enter a whole percent.')
        .min(1, 'Ask for at least 1 %.')
        .max(100, 'Ask for at most 100 %.'),
      note: z.string().trim().max(500, 'Use at most 500 characters.').nullish(),
    }),
    z.strictObject({
      kind: z.literal('amount'),
      amount_cents: z
        .number('Enter the amount to ask for.')
        .int('Ask for whole cents.')
        .min(1, 'Ask for more than $0.00.')
        .max(100_000_000, 'That is more than any order.'),
      note: z.string().trim().max(500, 'Use at most 500 characters.').nullish(),
    }),
  ],
  { error: 'Choose what to ask for: the balance, a share or an amount.' },
);
export type PaymentRequestInput = z.infer<typeof paymentRequestSchema>;

export type PaymentRequestKind = PaymentRequestInput['kind'];
export type PaymentRequestStatus = 'open' | 'paid' | 'cancelled';

/** A payment request as the admin and the customer's order page show it. */
export interface PaymentRequestView {
  id: string;
  label: string;
  note: string | null;
  status: PaymentRequestStatus;
  /** What it asks now (open), or what was paid for it (paid). */
  amount_cents: number;
  /** A bank payment of this much is processing for it (it settles in a few business days); null when none is. */
  processing_cents: number | null;
  created_at: string;
}

/** An order's money as the admin order dialog shows it (docs/decisions/0029-deposits.md). */
export interface AdminOrderMoney {
  paid_cents: number;
  balance_cents: number;
  /** Paid beyond what the order now costs, after an owner's change lowered it: to give back. */
  overpaid_cents: number;
  /**
   * A quote taken on a deposit (docs/decisions/0029-deposits.md): what Accept charged and when the
   * balance is asked.
   */
  terms: { deposit_cents: number; balance_due: BalanceDue } | null;
  payments: { id: string; amount_cents: number; method: PaymentMethod; paid_at: string }[];
  requests: PaymentRequestView[];
  /**
   * An order placed on account: the account, its PO and the invoice
   * (docs/decisions/0029-deposits.md); null otherwise.
   */
  account: {
    name: string;
    po_number: string;
    /** Null while the buyer has not confirmed the order from the e-mail. */
    invoice: { number: string; terms: string; due_on: string; url: string } | null;
  } | null;
  /** The share "Request a deposit" asks: the owner's default deposit (Payments settings). */
  deposit_percent: number;
}

/**
 * What a payment request would ask and send, before it is sent (issue 44, item 6): POST
 * /api/orders/{id}/payment-requests?preview=true answers this for the same payload and stores
 * nothing. The amounts are what the order stands at now; the e-mail is the one the send queues.
 */
export interface PaymentRequestPreview {
  label: string;
  amount_cents: number;
  total_cents: number;
  /** Paid so far, less what was refunded. */
  paid_cents: number;
  balance_cents: number;
  /** A deposit: the share of the order total it asks before the balance caps it; null otherwise. */
  share: { percent: number; of_total_cents: number } | null;
  /** The e-mail as the customer gets it; null when the order's address cannot receive mail. */
  mail: { to: string; subject: string; text: string; html: string | null } | null;
}
