import { percentWords } from './rate-words.ts';
import { rateFor, type TaxPlace, type TaxRules } from './tax-rules.ts';

/** The tax an order is charged, and the rule it came from, as the order keeps them. */
export interface TaxCharge {
  rateMilli: number;
  /** "Tax 8.25 % — Lubbock, TX", "Tax 6.25 % — TX", "Tax 8 % — the shop's rate", "Tax exempt". */
  label: string;
  cents: number;
  shippingTaxed: boolean;
}

export interface TaxInput {
  /** The ship-to address, or the shop's own for a pickup; null: none known, the shop's rate. */
  place: TaxPlace | null;
  /** Each line's amount (unit price × quantity), before the order's discount. */
  lineCents: number[];
  /** The order's discount, spread over the lines in proportion to their amounts. */
  discountCents: number;
  shippingCents: number;
  /** A business account exempt from sales tax, its certificate on file: no tax. */
  exempt: boolean;
}

export const EXEMPT_LABEL = 'Tax exempt';

/** The tax an amount at a rate comes to, in cents, rounded half up. */
const taxOf = (cents: number, rateMilli: number) => Math.round((cents * rateMilli) / 100_000);

/**
 * Sales tax by the shop's rules (tax-rules.ts): the address's rule (longest ZIP prefix, then its
 * state, else the shop's origin rate), on the goods after the discount and on shipping where that
 * rule taxes it, rounded once for the order or per line as the rules say.
 */
export function taxFor(rules: TaxRules, input: TaxInput): TaxCharge {
  if (input.exempt) return { rateMilli: 0, label: EXEMPT_LABEL, cents: 0, shippingTaxed: false };
  const rate = rateFor(rules, input.place);
  const rateMilli = rate?.rateMilli ?? rules.originRateMilli;
  const shippingTaxed = (rate ? rate.shippingTaxable : rules.originShippingTaxable) && input.shippingCents > 0;
  const where = rate
    ? `${rate.place ?? rate.zipPrefix ?? ''}${rate.place || rate.zipPrefix ? ', ' : ''}${rate.state}`
    : "the shop's rate";
  const label = `Tax ${percentWords(rateMilli)} — ${where}`;
  const goods = discountedLines(input.lineCents, input.discountCents);
  const shipping = shippingTaxed ? input.shippingCents : 0;
  const cents =
    rules.rounding === 'line'
      ? [...goods, shipping].reduce((sum, amount) => sum + taxOf(amount, rateMilli), 0)
      : taxOf(goods.reduce((sum, amount) => sum + amount, 0) + shipping, rateMilli);
  return { rateMilli, label, cents, shippingTaxed };
}

/** Each line less its share of the discount; the shares add up to the discount exactly (largest remainder). */
function discountedLines(lineCents: number[], discountCents: number): number[] {
  const total = lineCents.reduce((sum, cents) => sum + cents, 0);
  if (discountCents <= 0 || total <= 0) return lineCents;
  const discount = Math.min(discountCents, total);
  const exact = lineCents.map((cents) => (cents * discount) / total);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return lineCents.map((cents, index) => cents - (shares[index] ?? 0));
}
