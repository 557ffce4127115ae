import { formatUsd } from '../money.ts';
import type { GarmentList, PriceList } from './lists.ts';

/**
 * The words of a price that depends on the size (issue 44): the sizes the price heading's amount is
 * for, and what the larger sizes cost on top, so a 2XL buyer is not shown an S's price alone.
 */
export interface SizePriceWords {
  /** The sizes at the heading's price: "S–XL", or "M, L" for the ones chosen. */
  cheapest: string;
  /** The sizes that cost more: "2XL +$2.00, 3XL +$3.00" (or "2XL $14.50" for a live price). */
  dearer: string;
}

/** "S–XL" for a run of the shop's sizes; "M" for one. */
const run = (names: readonly string[]) => (names.length > 1 ? `${names[0]}–${names.at(-1)}` : (names[0] ?? ''));

/**
 * A product's size upcharges beside its from-price (priced at its first size without one): null
 * when no size it is offered in costs more.
 */
export function upchargeWords(
  sizes: readonly { name: string }[],
  garmentList: PriceList<GarmentList> | null | undefined,
): SizePriceWords | null {
  const upcharges = new Map(
    (garmentList?.data.size_upcharges ?? []).filter((u) => u.cents > 0).map((u) => [u.size.toLowerCase(), u.cents]),
  );
  const dearer = sizes.filter((s) => upcharges.has(s.name.toLowerCase()));
  const plain = sizes.filter((s) => !upcharges.has(s.name.toLowerCase()));
  if (dearer.length === 0 || plain.length === 0) return null;
  return {
    cheapest: run(plain.map((s) => s.name)),
    dearer: dearer.map((s) => `${s.name} +${formatUsd(upcharges.get(s.name.toLowerCase())!)}`).join(', '),
  };
}

/**
 * A live price of several sizes at different prices per piece: the sizes at the lowest, and each
 * dearer size with its own price. null when every size costs the same.
 */
export function livePriceWords(units: readonly { size: string | null; cents: number }[]): SizePriceWords | null {
  const low = Math.min(...units.map((u) => u.cents));
  if (units.every((u) => u.cents === low)) return null;
  const name = (u: { size: string | null }) => u.size ?? 'One size';
  return {
    cheapest: units
      .filter((u) => u.cents === low)
      .map(name)
      .join(', '),
    dearer: units
      .filter((u) => u.cents !== low)
      .sort((a, b) => a.cents - b.cents)
      .map((u) => `${name(u)} ${formatUsd(u.cents)}`)
      .join(', '),
  };
}
