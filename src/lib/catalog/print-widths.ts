/**
 * The print width, in inches, the DPI advice on uploaded art is given at
 * (docs/decisions/0015-print-ordering.md, docs/decisions/0027-price-lists.md): the width the owner
 * set for the location when there is one, else the typical width of its code (a full front or back
 * print, a sleeve, a left chest). Other locations without a width get no advice.
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

export function printWidthOf(location: SizedLocation): number | null {
  const set = location.print_width_in;
  if (typeof set === 'number' && Number.isFinite(set) && set > 0) return set;
  return TYPICAL_WIDTH_INCHES[location.code] ?? null;
}
