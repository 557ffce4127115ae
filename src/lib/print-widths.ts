/**
 * Typical print widths, in inches, for the DPI advice on uploaded art (issue #15): a full front or
 * back print and a sleeve. Other locations (a sign's second side) get no width advice.
 */
const PRINT_WIDTH_INCHES: Record<string, number> = { front: 12, back: 12, 'left-sleeve': 3.5, 'right-sleeve': 3.5 };

export const printWidthOf = (locationCode: string): number | null => PRINT_WIDTH_INCHES[locationCode] ?? null;
