import type { Kysely } from 'kysely';
import type { Fulfillment } from '../../lib/cart/checkout-schema.ts';
import { DEFAULT_TAX_RULES, type TaxPlace, type TaxRate, type TaxRules } from '../../lib/tax/tax-rules.ts';
import type { Database } from '../db/types.ts';

/** The shop's tax settings as stored, with whether Stripe Tax computes tax instead (issue 50). */
export interface TaxSettings {
  originRateMilli: number;
  originShippingTaxable: boolean;
  rounding: TaxRules['rounding'];
  stripeTax: boolean;
}

const DEFAULT_SETTINGS: TaxSettings = { ...DEFAULT_TAX_RULES, stripeTax: false };

type RateRow = {
  state: string;
  zip_prefix: string | null;
  rate_milli: number;
  shipping_taxable: boolean;
  place: string | null;
};

const rateOf = (row: RateRow): TaxRate => ({
  state: row.state,
  zipPrefix: row.zip_prefix,
  rateMilli: row.rate_milli,
  shippingTaxable: row.shipping_taxable,
  place: row.place,
});

/** The stored settings, or the demo's (8 %, shipping untaxed) when a database was restored without the row. */
export async function readTaxSettings(db: Kysely<Database>): Promise<TaxSettings> {
  const row = await db.selectFrom('tax_settings').selectAll().where('id', '=', true).executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  return {
    originRateMilli: row.origin_rate_milli,
    originShippingTaxable: row.origin_shipping_taxable,
    rounding: row.rounding === 'line' ? 'line' : 'order',
    stripeTax: row.stripe_tax,
  };
}

/** Every rate, by state then ZIP prefix (the admin's table). */
export async function readTaxRates(db: Kysely<Database>): Promise<TaxRate[]> {
  const rows = await db
    .selectFrom('tax_rates')
    .select(['state', 'zip_prefix', 'rate_milli', 'shipping_taxable', 'place'])
    .orderBy('state')
    .orderBy('zip_prefix', (o) => o.nullsFirst())
    .execute();
  return rows.map(rateOf);
}

/** The shop's own address as tax reads it: where a pickup is taxed. */
async function shopPlace(db: Kysely<Database>): Promise<TaxPlace | null> {
  const row = await db
    .selectFrom('shop_settings')
    .select(['address_region', 'postal_code'])
    .where('id', '=', true)
    .executeTakeFirst();
  return row ? { state: row.address_region, zip: row.postal_code } : null;
}

/**
 * What checkout taxes an order with: the rules, narrowed to the rates of the one state the goods
 * go to (a rate file of thousands of rows is not read per checkout), and the place (the ship-to
 * address when shipping, the shop's own for a pickup; null when shipping with no address given,
 * which is taxed at the shop's rate).
 */
export async function taxForCheckout(
  db: Kysely<Database>,
  fulfillment: Fulfillment,
  shipTo: TaxPlace | null,
): Promise<{ rules: TaxRules; place: TaxPlace | null }> {
  const [settings, place] = await Promise.all([
    readTaxSettings(db),
    fulfillment === 'local' ? shopPlace(db) : Promise.resolve(shipTo),
  ]);
  const rows = place
    ? await db
        .selectFrom('tax_rates')
        .select(['state', 'zip_prefix', 'rate_milli', 'shipping_taxable', 'place'])
        .where('state', '=', place.state.trim().toUpperCase())
        .execute()
    : [];
  return { rules: { ...settings, rates: rows.map(rateOf) }, place };
}
