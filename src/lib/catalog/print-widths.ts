/**
 * The print width, in inches, the DPI advice on uploaded art is given at
 * (docs/decisions/0015-print-ordering.md, docs/decisions/0027-price-lists.md): for a product priced
 * by area, the width the customer ordered (docs/decisions/0041-outside-audit.md item 12); else the
 * width the owner set for the location when there is one, else the typical width of its code (a
 * full front or back print, a sleeve, a left chest). Other locations without a width get no advice.
 */
/** The widest print a location can have, in inches: 100 ft (the database's check too). */
export const MAX_PRINT_WIDTH_IN = 1200;

const TYPICAL_WIDTH_INCHES: Record<string, number> = {
  front: 12,
  back: 12,
  'left-sleeve': 3.5,
  'right-sleeve': 3.5,
  'left-chest': 4,
};

/** A print location as far as its width goes: its code and the owner's width (null or absent: not set). */
export interface SizedLocation {
  code: string;
  print_width_in?: number | null | undefined;
}

/** The size ordered of a product priced by area (width × height typed by the customer), in inches. */
export interface OrderedSize {
  widthIn: number;
}

/** A width the check takes: a finite number above 0 and at most MAX_PRINT_WIDTH_IN. */
const isPrintWidth = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= MAX_PRINT_WIDTH_IN;

/**
 * `ordered`: the line's area size, when the product is priced by area. The art prints across the
 * size ordered, not the location's usual width (a 30 in banner, not the 96 in of its largest
 * size). A size still being typed (0, past the largest print) falls back to the location's width.
 */
export function printWidthOf(location: SizedLocation, ordered?: OrderedSize | null): number | null {
  if (isPrintWidth(ordered?.widthIn)) return ordered.widthIn;
  const set = location.print_width_in;
  if (typeof set === 'number' && Number.isFinite(set) && set > 0) return set;
  return TYPICAL_WIDTH_INCHES[location.code] ?? null;
}
