import { gridCell } from './bands.ts';
import type { DecorationContext } from './decoration-context.ts';
import { type JobDecoration, type PricePart, PricingInputError } from './job.ts';
import type { ScreenPrintList } from './lists.ts';
import { countOf, orList } from './words.ts';

/** The ink colours of a screen-printed location, checked against the list's columns (1..columns). */
export function screenColors(decoration: JobDecoration, list: ScreenPrintList, field: string): number {
  const colors = decoration.inputs.colors;
  const most = list.grid.cells[0]?.length ?? 0;
  if (colors === undefined) {
    throw new PricingInputError(
      `${field}.colors`,
      `Choose how many ink colours the ${decoration.location.name} print has.`,
    );
  }
  if (!Number.isInteger(colors) || colors < 1 || colors > most) {
    throw new PricingInputError(
      `${field}.colors`,
      most === 1 ? 'This list prices 1 ink colour.' : `This list prices 1 to ${most} ink colours.`,
    );
  }
  return colors;
}

/**
 * Screen print per piece at one location: the first location of a line from the grid at its
 * colours; further locations by the additional-location rule when the list has one (first
 * colour + each further colour), else from the grid. Then the per-piece surcharges: dark-garment
 * ones on dark lines, 'always' ones, and optional ones the customer ticked.
 */
export function priceScreenPrint(ctx: DecorationContext, list: ScreenPrintList): PricePart[] {
  const { decoration, field } = ctx;
  const colors = screenColors(decoration, list, field);
  const words = countOf(colors, 'colour', 'colours');
  const rule = list.additional_location;
  const unit =
    !ctx.first && rule
      ? rule.first_color_cents + rule.per_extra_color_cents * (colors - 1)
      : gridCell(list.grid, ctx.pieces, colors - 1, `${field}.colors`, `Printing ${words}`);
  const parts: PricePart[] = [{ kind: 'decoration', label: `${decoration.location.name}, ${words}`, unit_cents: unit }];
  const ticked = decoration.inputs.surcharges ?? [];
  ticked.forEach((code, k) => {
    if (!list.surcharges.some((s) => s.code === code && s.when === 'optional')) {
      const offered = list.surcharges.filter((s) => s.when === 'optional').map((s) => s.label);
      throw new PricingInputError(
        `${field}.surcharges[${k}]`,
        offered.length ? `Choose from ${orList(offered)}.` : 'This print has no extras to choose.',
      );
    }
    if (ticked.indexOf(code) !== k)
      throw new PricingInputError(`${field}.surcharges[${k}]`, 'Each extra is chosen once.');
  });
  for (const s of list.surcharges) {
    const applies = s.when === 'always' || (s.when === 'dark_garment' && ctx.darkGarment) || ticked.includes(s.code);
    if (applies)
      parts.push({
        kind: 'surcharge',
        label: `${s.label}, ${decoration.location.name}`,
        unit_cents: s.cents_per_piece,
      });
  }
  return parts;
}

/**
 * The share of the screen fee charged for a design: the first rule, most pieces first (and the
 * fewest colours first among equal pieces), with pieces ≥ min_pieces and the design's colours ≤
 * max_colors. A design is one artwork on one location, so the colours checked are that
 * location's. No rule matching: the full fee.
 */
export function screenFeeShare(list: ScreenPrintList, pieces: number, colors: number): number {
  const rules = [...list.screen_fee_rules].sort((a, b) => b.min_pieces - a.min_pieces || a.max_colors - b.max_colors);
  return rules.find((r) => pieces >= r.min_pieces && colors <= r.max_colors)?.share ?? 1;
}

/** A design's screens: one per colour, each at the fee times its share (rounded to the cent). */
export function screenFee(list: ScreenPrintList, pieces: number, colors: number): { unit: number; quantity: number } {
  return { unit: Math.round(list.screen_fee_cents * screenFeeShare(list, pieces, colors)), quantity: colors };
}
