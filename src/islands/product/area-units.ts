import type { AreaBounds } from '../../lib/catalog/products.ts';

/**
 * The unit a customer types an area product's width and height in (docs/decisions/0027-price-lists.md: "in inches or
 * feet"). The job is always built in inches; these convert what is typed and shown.
 */
export type LengthUnit = 'in' | 'ft';

const PER_UNIT: Record<LengthUnit, number> = { in: 1, ft: 12 };

/** Rounded to 4 decimals: 3.3333 ft stays 3.3333 when shown again, not 3.3333000000000004. */
const tidy = (n: number) => Math.round(n * 10_000) / 10_000;

/** A typed length in inches (0 for an empty or non-numeric entry, which the bounds check refuses). */
export function toInches(typed: number, unit: LengthUnit): number {
  return Number.isFinite(typed) && typed > 0 ? tidy(typed * PER_UNIT[unit]) : 0;
}

/** A length in inches as shown in `unit`. */
export function fromInches(inches: number, unit: LengthUnit): number {
  return tidy(inches / PER_UNIT[unit]);
}

/** The unit a product's sizes read in: feet when a side can pass 5 ft (banners), else inches (stickers, signs). */
export function startingUnit(
  bounds: Pick<AreaBounds, 'max_width_in' | 'max_height_in'> | null | undefined,
): LengthUnit {
  const largest = Math.max(bounds?.max_width_in ?? 0, bounds?.max_height_in ?? 0);
  return largest > 60 ? 'ft' : 'in';
}
