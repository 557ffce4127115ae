import { parsePercent } from '../tax/rate-words.ts';
import { z } from '../zod.ts';

/** A rate as the owner types it: a percentage ("8.25"), never thousandths. */
const percentSchema = z
  .string('Type the rate as a percentage, like 8.25.')
  .max(12)
  .refine((text) => parsePercent(text) !== null, 'Type the rate as a percentage from 0 to 20, like 8.25.');

/** PUT /api/admin/tax (issue 50): the shop's own rate, whether it taxes shipping, rounding, Stripe Tax. */
export const taxSettingsSchema = z.strictObject({
  origin_rate: percentSchema,
  origin_shipping_taxable: z.boolean(),
  rounding: z.enum(['order', 'line'], 'Choose per order or per line.'),
  stripe_tax: z.boolean(),
});
export type TaxSettingsInput = z.infer<typeof taxSettingsSchema>;

/** The most a rate file may be: thousands of ZIP-prefix rows fit well within it. */
export const RATE_FILE_MAX_BYTES = 512 * 1024;

/** PUT /api/admin/tax/rates: a rate file's text (src/lib/tax/rate-file.ts), replacing every rate. */
export const rateFileSchema = z.strictObject({
  csv: z.string('Choose a CSV file.').max(RATE_FILE_MAX_BYTES, 'The file is larger than 512 KB.'),
});

/** One rate as the admin shows it: a percentage, never thousandths. */
export interface AdminTaxRate {
  state: string;
  zip_prefix: string | null;
  rate: string;
  shipping_taxable: boolean;
  place: string | null;
}

/** GET /api/admin/tax: the settings as the form holds them, and every rate. */
export interface AdminTax extends TaxSettingsInput {
  rates: AdminTaxRate[];
}
