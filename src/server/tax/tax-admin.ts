import type { Kysely } from 'kysely';
import type { AdminTax, TaxSettingsInput } from '../../lib/admin-schemas/tax.ts';
import { parseRateFile } from '../../lib/tax/rate-file.ts';
import { parsePercent, percentWords } from '../../lib/tax/rate-words.ts';
import type { Database } from '../db/types.ts';
import { Invalid } from '../errors.ts';
import { readTaxRates, readTaxSettings } from './tax-rules-store.ts';

/** 8250 → "8.25": the form's field holds the number, the % is beside it. */
const percentField = (rateMilli: number) => percentWords(rateMilli).replace(' %', '');

/** The shop's tax rules as the admin shows them (issue 50): percentages, never thousandths. */
export async function adminTax(db: Kysely<Database>): Promise<AdminTax> {
  const [settings, rates] = await Promise.all([readTaxSettings(db), readTaxRates(db)]);
  return {
    origin_rate: percentField(settings.originRateMilli),
    origin_shipping_taxable: settings.originShippingTaxable,
    rounding: settings.rounding,
    stripe_tax: settings.stripeTax,
    rates: rates.map((rate) => ({
      state: rate.state,
      zip_prefix: rate.zipPrefix,
      rate: percentField(rate.rateMilli),
      shipping_taxable: rate.shippingTaxable,
      place: rate.place,
    })),
  };
}

/** Saves the shop's own rate and options; paid orders keep what they were charged. */
export async function saveTaxSettings(db: Kysely<Database>, input: TaxSettingsInput): Promise<AdminTax> {
  const values = {
    origin_rate_milli: parsePercent(input.origin_rate) ?? 0,
    origin_shipping_taxable: input.origin_shipping_taxable,
    rounding: input.rounding,
    stripe_tax: input.stripe_tax,
    updated_at: new Date(),
  };
  await db
    .insertInto('tax_settings')
    .values({ id: true, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  return adminTax(db);
}

/** Rows inserted per statement: well under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

/**
 * Replaces every rate with a rate file's (src/lib/tax/rate-file.ts), in one transaction. A file
 * with any bad row is refused whole (400, each bad row named by its line) and nothing changes.
 */
export async function importRateFile(db: Kysely<Database>, csv: string): Promise<AdminTax> {
  const parsed = parseRateFile(csv);
  if (!parsed.ok) {
    const fields = Object.fromEntries(
      parsed.errors.slice(0, 50).map((e) => [`row ${e.row}`, `Line ${e.row}: ${e.message}`]),
    );
    const count = parsed.errors.length;
    throw new Invalid(
      'invalid_rate_file',
      `The file was not imported: ${count} ${count === 1 ? 'line needs' : 'lines need'} fixing.`,
      {
        fields,
      },
    );
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tax_rates').execute();
    for (let start = 0; start < parsed.rates.length; start += BATCH) {
      await trx
        .insertInto('tax_rates')
        .values(
          parsed.rates.slice(start, start + BATCH).map((rate) => ({
            state: rate.state,
            zip_prefix: rate.zipPrefix,
            rate_milli: rate.rateMilli,
            shipping_taxable: rate.shippingTaxable,
            place: rate.place,
          })),
        )
        .execute();
    }
  });
  return adminTax(db);
}
