import { gridCell } from './bands.ts';
import type { DecorationContext } from './decoration-context.ts';
import { type PricePart, PricingInputError } from './job.ts';
import type { FlatList, TransferList } from './lists.ts';
import { orList } from './words.ts';

const METHOD_WORDS: Record<TransferList['method'], string> = { dtg: 'DTG', dtf: 'DTF', heat_transfer: 'Heat transfer' };

/** DTG / DTF / heat transfer per piece: the print size's column, from the dark grid on dark garments when the list has one. */
export function priceTransfer(ctx: DecorationContext, list: TransferList): PricePart[] {
  const { decoration, field } = ctx;
  const code = decoration.inputs.printSize;
  const sizes = list.print_sizes;
  if (code === undefined) {
    throw new PricingInputError(`${field}.printSize`, `Choose the size of the ${decoration.location.name} print.`);
  }
  const column = sizes.findIndex((s) => s.code === code);
  if (column < 0) {
    throw new PricingInputError(`${field}.printSize`, `Choose a print size: ${orList(sizes.map((s) => s.label))}.`);
  }
  const size = sizes[column]!;
  const grid = ctx.darkGarment && list.dark ? list.dark : list.light;
  const unit = gridCell(grid, ctx.pieces, column, `${field}.printSize`, `${METHOD_WORDS[list.method]} ${size.label}`);
  return [{ kind: 'decoration', label: `${decoration.location.name}, ${size.label}`, unit_cents: unit }];
}

/** Flat: one price per piece whatever is printed (the shop's pricing before price lists). */
export function priceFlat(ctx: DecorationContext, list: FlatList): PricePart[] {
  return [{ kind: 'decoration', label: ctx.decoration.location.name, unit_cents: list.cents_per_piece }];
}
