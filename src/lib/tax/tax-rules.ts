/**
 * The shop's sales-tax rules (issue 50), as the owner keeps them: an origin rate (the shop's own,
 * and the fallback for an address no rule covers), rates by state and by ZIP prefix, per state
 * whether shipping is taxed, and whether tax is rounded per order or per line.
 *
 * Rates are integers in thousandths of a percent (8.25 % = 8250), so 8.375 % is exact and no
 * float ever reaches a stored rate; the owner only ever reads and types percentages.
 */
export interface TaxRate {
  /** Two-letter state code, upper case: "TX". */
  state: string;
  /** Leading digits of a ZIP code ("794"); null: the whole state. */
  zipPrefix: string | null;
  rateMilli: number;
  /** Whether shipping is taxed where this rate applies (one answer per state, see rate-file.ts). */
  shippingTaxable: boolean;
  /** The place the rate is named for in the tax line ("Lubbock"); null: the ZIP prefix or the state. */
  place: string | null;
}

export type TaxRounding = 'order' | 'line';

export interface TaxRules {
  /** The shop's own rate: pickups, and any address outside every rule. */
  originRateMilli: number;
  /** Whether the origin rate taxes shipping. */
  originShippingTaxable: boolean;
  rounding: TaxRounding;
  rates: TaxRate[];
}

/** Where the goods go: the ship-to address, or the shop's own for a pickup. */
export interface TaxPlace {
  state: string;
  zip: string;
}

/** The spec's 8 % everywhere, shipping untaxed, rounded per order: the demo shop's rules. */
export const DEFAULT_TAX_RULES: TaxRules = {
  originRateMilli: 8000,
  originShippingTaxable: false,
  rounding: 'order',
  rates: [],
};

/** The rule an address falls under: the longest matching ZIP prefix of its state, then the state's rate, else null. */
export function rateFor(rules: TaxRules, place: TaxPlace | null): TaxRate | null {
  if (!place) return null;
  const state = place.state.trim().toUpperCase();
  const zip = place.zip.trim();
  let best: TaxRate | null = null;
  for (const rate of rules.rates) {
    if (rate.state !== state) continue;
    if (rate.zipPrefix !== null && !zip.startsWith(rate.zipPrefix)) continue;
    if (!best || (rate.zipPrefix?.length ?? 0) > (best.zipPrefix?.length ?? 0)) best = rate;
  }
  return best;
}
