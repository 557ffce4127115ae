import type { OrderChargePricing, OrderItemPricing } from './line-record.ts';
import { countOf, formatCount, sizeWords } from './words.ts';

/**
 * What a list-priced order line was priced with, in words (docs/decisions/0027-price-lists.md): the one wording the
 * receipt, the order page and its proof, the admin order, the work order, the CSV and the
 * confirmation e-mail use, read from the line's stored record (order_items.pricing), never
 * from today's lists. "Front, 2 colours · Back, 1 colour"; "4 × 8 ft, 13 oz vinyl, grommets".
 */

type Inputs = OrderItemPricing['inputs'];
type Location = Inputs['locations'][number];

/** "Front, 2 colours", "Left chest, 5,000 stitches", "Back, Full front"; a flat location by its name. */
export function locationWords(location: Location): string {
  const what: string[] = [];
  if (location.colors !== undefined) what.push(countOf(location.colors, 'colour', 'colours'));
  if (location.stitches !== undefined) what.push(`${formatCount(location.stitches)} stitches`);
  if (location.printSize !== undefined) what.push(location.printSizeLabel ?? location.printSize);
  return [location.name, ...what].join(', ');
}

/** "Grommets" → "grommets" inside a phrase; "UV coat" keeps its capitals. */
const midPhrase = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

/** "4 × 8 ft, 13 oz vinyl, grommets" (feet when both sides are whole feet, else inches). */
export function areaWords(area: NonNullable<Inputs['area']>): string {
  const finishing = area.finishingLabels ?? area.finishing;
  return [sizeWords(area.widthIn, area.heightIn), area.materialLabel ?? area.material, ...finishing]
    .map((words, i) => (i === 0 ? words : midPhrase(words)))
    .join(', ');
}

/** Everything the line was priced with, joined by " · "; the rush last ("Rush, 6 business days"). */
export function lineInputWords(inputs: Inputs): string {
  const words: string[] = [];
  if (inputs.area) words.push(areaWords(inputs.area));
  for (const location of inputs.locations) words.push(locationWords(location));
  if (inputs.rush) {
    const label = inputs.rushLabel ?? inputs.rush;
    words.push(/^rush\b/i.test(label) ? label : `Rush, ${label}`);
  }
  return words.join(' · ');
}

/** An order line's stored record is a priced line's (not a fee's or rush's). */
export function isItemPricing(
  pricing: OrderItemPricing | OrderChargePricing | null | undefined,
): pricing is OrderItemPricing {
  return pricing != null && 'breakdown' in pricing && 'inputs' in pricing;
}

/** What every surface shows under a list-priced line; null for a flat line (shown as always). */
export interface LinePricingWords {
  /** What was priced: "Front, 2 colours · Back, 1 colour". Empty when the line had no inputs. */
  inputs: string;
  /** The price per piece in parts: "Garment $4.00 · Front, 2 colours $2.80". */
  breakdown: string;
}

/** The words of an order line's stored pricing, or null for a flat-priced line or a charge. */
export function linePricingWords(
  pricing: OrderItemPricing | OrderChargePricing | null | undefined,
): LinePricingWords | null {
  if (!isItemPricing(pricing)) return null;
  return { inputs: lineInputWords(pricing.inputs), breakdown: pricing.breakdown };
}

/** One line of text for a CSV cell or a plain-text e-mail: "Front, 2 colours — Garment $4.00 · …". */
export function linePricingText(words: LinePricingWords | null): string {
  if (!words) return '';
  return words.inputs ? `${words.inputs} — ${words.breakdown}` : words.breakdown;
}

/** The lists a line or charge was priced with, as the owner names them: "Contract chart, version 3". */
export function priceListWords(pricing: OrderItemPricing | OrderChargePricing | null | undefined): string[] {
  if (!pricing) return [];
  const lists = 'lists' in pricing ? pricing.lists : pricing.list ? [pricing.list] : [];
  return [...new Set(lists.map((l) => `${l.name}, version ${l.version}`))];
}
