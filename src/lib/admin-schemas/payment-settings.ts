import { z } from '../zod.ts';
import { toNumber } from './fields.ts';

const MAX_MIN_CENTS = 100_000_000;

/**
 * PUT /api/admin/payment-settings (docs/decisions/0029-deposits.md): the deposit share a new quote starts at, in
 * percent, and the amount from which a payment request's Stripe page also offers bank transfer
 * (ACH Direct Debit), in cents (the owner types dollars); null never offers it. A field left out
 * stays as it is.
 */
export const paymentSettingsSchema = z
  .strictObject({
    default_deposit_percent: z.preprocess(
      toNumber,
      z
        .number('Type the deposit share in percent, 1 to 100.')
        .int('Use a whole percent, e.g. 50.')
        .min(1, 'The deposit is at least 1 %.')
        .max(100, 'The deposit is at most 100 % (the whole quote).'),
    ),
    bank_transfer_min_cents: z.preprocess(
      toNumber,
      z
        .number('Type the amount in dollars, or leave it empty to never offer bank transfer.')
        .int('Use whole cents: at most two decimals.')
        .min(0, 'The amount is $0.00 or more.')
        .max(MAX_MIN_CENTS, 'The amount is at most $1,000,000.00.')
        .nullable(),
    ),
  })
  .partial();
export type PaymentSettingsInput = z.infer<typeof paymentSettingsSchema>;

/** GET (and the answer of PUT) /api/admin/payment-settings. */
export interface AdminPaymentSettings {
  default_deposit_percent: number;
  bank_transfer_min_cents: number | null;
  updated_at: string;
}
