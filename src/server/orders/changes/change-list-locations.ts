import type { Kysely } from 'kysely';
import { lineLabel } from '../../../lib/orders/line-label.ts';
import { formatSignedUsd, formatUsd } from '../../../lib/money.ts';
import { largestCreditCents, retotal } from '../../../lib/orders/order-retotal.ts';
import { jsonb } from '../../db/json.ts';
import type { Database } from '../../db/types.ts';
import { nextItemPosition } from '../order-writer.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { orderListJobAsCharged } from './change-list-sizes.ts';
import { orderChanged } from './change-timeline.ts';
import { type AddedInputs, type LocationChange, writeDesignLocations } from './location-change.ts';
import type { EditableOrder } from './lock-editable.ts';
import type { OrderDesign } from './order-design.ts';
import type { OrderListLine } from './order-list-job.ts';
import { priceOrderJob } from './price-order-list-job.ts';
import { writeListCharges } from './write-list-charges.ts';
import { writeOrderAmounts } from './write-amounts.ts';
import type { StaffActor } from '../order-events.ts';

const adjustInstead = 'change the order with an adjustment instead.';
/** The engine's field of a location's input, as the request names it. */
const INPUT_FIELDS: Record<string, string> = {
  colors: 'add.colors',
  stitches: 'add.stitches',
  printSize: 'add.print_size',
};

/**
 * A print location added to or taken off a design priced by the owner's lists (docs/decisions/0029-deposits.md on issue
 * #27's lines), in the change's transaction: the order's list-priced job is priced as it stands
 * (it must come to what the order charged, else 409), then again through the same engine with the
 * design's lines printed on the new set of locations: the added one from its list as it is today
 * (the order kept no version of it) with the inputs the owner gave, the others from the versions
 * the order kept. The design's price a piece, its fees (screens, digitizing, setup for the new
 * design on the location) and the rush follow; the timeline says what moved.
 */
export async function changeListLocation(
  trx: Kysely<Database>,
  order: EditableOrder,
  design: OrderDesign,
  change: LocationChange,
  actor: StaffActor,
): Promise<void> {
  const { job, before } = await orderListJobAsCharged(trx, order.id, design.name);
  const ids = new Set(design.sizes.map((s) => s.id));
  const inDesign = (line: OrderListLine) => ids.has(line.id);
  const lines = job.lines.map((line) => (inDesign(line) ? withChange(line, change) : line));
  const after = priceOrderJob(lines, job.rush);
  const where = change.location.name.toLowerCase();
  if (!after.ok) {
    const input = /^lines\.(\d+)\.locations\.(\d+)\.(colors|stitches|printSize)$/.exec(after.field);
    const line = input ? lines[Number(input[1])] : undefined;
    const added = change.kind === 'add' && line && inDesign(line) && line.record.inputs.locations[Number(input![2])];
    if (input && added && added.code === change.location.code) {
      throw new Invalid('invalid_input', `The ${where} cannot be priced: ${after.message}`, {
        fields: { [INPUT_FIELDS[input[3]!]!]: after.message },
      });
    }
    throw new Conflict(
      'not_in_price_list',
      `${design.name} cannot be priced that way: ${after.message} ${adjustInstead}`,
    );
  }
  const deltaCents = after.priced.subtotalCents - before.subtotalCents;
  if (-deltaCents > largestCreditCents(order)) {
    throw new Conflict(
      'credit_too_large',
      'This change would take the order below $0.00: change it with a credit instead.',
    );
  }

  await writeDesignLocations(trx, design, change);
  for (const [i, line] of lines.entries()) {
    const priced = after.priced.lines[i]!;
    const same = priced.unitCents === line.unitPriceCents && priced.record.breakdown === job.lines[i]!.record.breakdown;
    if (same && !inDesign(line)) continue;
    await trx
      .updateTable('order_items')
      .set({ unit_price_cents: priced.unitCents, pricing: jsonb(priced.record) })
      .where('id', '=', line.id!)
      .execute();
  }
  const position = await nextItemPosition(trx, order.id);
  const feesMoved = await writeListCharges(trx, order.id, job, after.priced.charges, position);

  const next = retotal(order, deltaCents);
  await writeOrderAmounts(trx, order.id, next);
  const first = lines.findIndex(inDesign);
  const was = before.lines[first]!.unitCents;
  const now = after.priced.lines[first]!.unitCents;
  const pieces = design.sizes.reduce((sum, s) => sum + s.quantity, 0);
  const each = was === now ? `${formatUsd(now)} a piece` : `${formatUsd(now)} a piece (was ${formatUsd(was)})`;
  const named = lineLabel({ name: design.name, colorName: design.colorName, sizeName: null });
  const what =
    change.kind === 'add'
      ? `${where} print added${inputWords(change.inputs)} (artwork to come)`
      : `${where} print removed`;
  await orderChanged(
    trx,
    order.id,
    `${named}: ${what}, ${pieces} pieces at ${each}${feesMoved ? `; ${feesMoved}` : ''}, ${formatSignedUsd(deltaCents)}`,
    { before: order.total_cents, after: next.total_cents },
    actor,
  );
}

/** A line of the design printed on the new set of locations, its kept inputs otherwise as they were. */
function withChange(line: OrderListLine, change: LocationChange): OrderListLine {
  const { inputs } = line.record;
  if (change.kind === 'remove') {
    const code = change.location.code;
    const artwork = new Map(line.artwork);
    artwork.delete(code);
    return {
      ...line,
      artwork,
      record: { ...line.record, inputs: { ...inputs, locations: inputs.locations.filter((l) => l.code !== code) } },
      product: { ...line.product, print_locations: line.product.print_locations.filter((l) => l.code !== code) },
    };
  }
  const { location } = change;
  const kept = {
    code: location.code,
    name: location.name,
    method: location.price_list?.data.method ?? 'flat',
    ...(change.inputs.colors !== undefined ? { colors: change.inputs.colors } : {}),
    ...(change.inputs.stitches !== undefined ? { stitches: change.inputs.stitches } : {}),
    ...(change.inputs.printSize !== undefined ? { printSize: change.inputs.printSize } : {}),
  };
  return {
    ...line,
    artwork: new Map([...line.artwork, [location.code, null]]),
    record: { ...line.record, inputs: { ...inputs, locations: [...inputs.locations, kept] } },
    product: { ...line.product, print_locations: [...line.product.print_locations, location] },
  };
}

function inputWords(inputs: AddedInputs): string {
  const words = [
    inputs.colors !== undefined ? `${inputs.colors} ${inputs.colors === 1 ? 'colour' : 'colours'}` : null,
    inputs.stitches !== undefined ? `${new Intl.NumberFormat('en-US').format(inputs.stitches)} stitches` : null,
    inputs.printSize !== undefined ? `print size ${inputs.printSize}` : null,
  ].filter(Boolean);
  return words.length > 0 ? `, ${words.join(', ')}` : '';
}
