import { bandIndex, gridCell } from './bands.ts';
import type { DecorationContext } from './decoration-context.ts';
import { type PricePart, PricingInputError } from './job.ts';
import type { EmbroideryList } from './lists.ts';
import { formatCount } from './words.ts';

/**
 * Embroidery per piece: the column is the first stitch band at or above the stitches; past the
 * last band, the last column plus the band's price per extra 1,000 stitches (each started
 * thousand counts) when the list has one, up to max_stitches.
 */
export function priceEmbroidery(ctx: DecorationContext, list: EmbroideryList): PricePart[] {
  const { decoration, field } = ctx;
  const stitches = decoration.inputs.stitches;
  const name = decoration.location.name;
  if (stitches === undefined) {
    throw new PricingInputError(`${field}.stitches`, `Choose the size of the ${name} embroidery.`);
  }
  if (!Number.isInteger(stitches) || stitches < 1) {
    throw new PricingInputError(`${field}.stitches`, 'Enter the stitch count as a whole number above 0.');
  }
  if (stitches > list.max_stitches) {
    throw new PricingInputError(
      `${field}.stitches`,
      `We embroider designs up to ${formatCount(list.max_stitches)} stitches; ask us for a quote.`,
    );
  }
  const bands = list.stitch_bands;
  const column = bands.findIndex((upTo) => stitches <= upTo);
  if (column >= 0) {
    const words = `up to ${formatCount(bands[column]!)} stitches`;
    const unit = gridCell(list.grid, ctx.pieces, column, `${field}.stitches`, `Embroidery ${words}`);
    return [{ kind: 'decoration', label: `${name}, ${words}`, unit_cents: unit }];
  }
  const last = bands.length - 1;
  const row = bandIndex(list.grid.rows, ctx.pieces);
  const extra = list.extra_per_thousand_cents?.[row];
  if (extra === undefined) {
    throw new PricingInputError(
      `${field}.stitches`,
      `This list prices designs up to ${formatCount(bands[last]!)} stitches.`,
    );
  }
  const base = gridCell(
    list.grid,
    ctx.pieces,
    last,
    `${field}.stitches`,
    `Embroidery of ${formatCount(stitches)} stitches`,
  );
  const thousands = Math.ceil((stitches - bands[last]!) / 1000);
  return [
    {
      kind: 'decoration',
      label: `${name}, ${formatCount(stitches)} stitches`,
      unit_cents: base + extra * thousands,
    },
  ];
}
