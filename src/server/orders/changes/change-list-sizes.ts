import type { Kysely } from 'kysely';
import type { OrderChangeAnswer } from '../../../lib/admin-schemas/order-adjustment.ts';
import { lineLabel } from '../../../lib/orders/line-label.ts';
import { formatSignedUsd, formatUsd } from '../../../lib/money.ts';
import { largestCreditCents, retotal } from '../../../lib/orders/order-retotal.ts';
import type { SizeChangePlan } from '../../../lib/orders/order-sizes.ts';
import { jsonb } from '../../db/json.ts';
import type { Database } from '../../db/types.ts';
import { addOrderItems, nextItemPosition } from '../order-writer.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { orderChanged } from './change-timeline.ts';
import type { EditableOrder } from './lock-editable.ts';
import { orderChangeAnswer } from './order-change-answer.ts';
import type { OrderDesign } from './order-design.ts';
import { loadOrderListJob, type OrderListJob, type OrderListLine } from './order-list-job.ts';
import { chargeKey, type PricedOrderJob, priceOrderJob, storedChargeKey } from './price-order-list-job.ts';
import { moveDesignStock } from './size-stock.ts';
import { writeListCharges } from './write-list-charges.ts';
import { writeOrderAmounts } from './write-amounts.ts';
import type { StaffActor } from '../order-events.ts';

const adjustInstead = 'change the order with an adjustment instead.';

/**
 * A size change of a design priced by the owner's lists (docs/decisions/0029-deposits.md on
 * decision 0027's lines), in the change's transaction under the order's lock: the order's
 * list-priced job is priced again from the list versions it kept, first as it stands (it must come
 * to what the order charged, else 409 rather than a guess), then with the design's new pieces, so
 * the quantity break is recomputed over every piece its artwork pools with and every size reprices
 * with its kept inputs (ink colours, stitches, print size). Screens, digitizing and setup stay as
 * charged unless the list's own rules move them (a waiver from a number of pieces); the rush
 * follows the job. Stock moves as for flat lines; the timeline says what changed, the new price a
 * piece and the new total.
 */
export async function changeListSizes(
  trx: Kysely<Database>,
  order: EditableOrder,
  design: OrderDesign,
  plan: SizeChangePlan,
  actor: StaffActor,
): Promise<OrderChangeAnswer> {
  const { job, before } = await orderListJobAsCharged(trx, order.id, design.name);
  const template = job.lines.find((l) => l.id === design.itemId)!;
  const lines: (OrderListLine & { size?: SizeChangePlan['sizes'][number] })[] = [];
  for (const line of job.lines) {
    const size = plan.sizes.find((s) => s.id === line.id);
    if (!size) lines.push(line);
    else if (size.to > 0) lines.push({ ...line, quantity: size.to, size });
  }
  for (const size of plan.sizes.filter((s) => !s.id && s.to > 0)) {
    lines.push({ ...template, id: null, sizeName: size.sizeName, quantity: size.to, size });
  }
  const after = priceOrderJob(lines, job.rush);
  if (!after.ok) {
    throw new Conflict(
      'not_in_price_list',
      `${design.name} cannot have ${plan.pieces} pieces at its price list: ${after.message} Change the pieces, or ${adjustInstead}`,
    );
  }
  const deltaCents = after.priced.subtotalCents - before.subtotalCents;
  if (-deltaCents > largestCreditCents(order)) {
    throw new Invalid('credit_too_large', 'This change would take the order below $0.00.', {
      fields: { sizes: 'Keep more pieces.' },
    });
  }

  await moveDesignStock(trx, design, plan.sizes);
  let position = await nextItemPosition(trx, order.id);
  for (const size of plan.sizes.filter((s) => s.id && s.to === 0)) {
    await trx.deleteFrom('order_items').where('id', '=', size.id!).execute();
  }
  for (const [i, line] of lines.entries()) {
    const priced = after.priced.lines[i]!;
    const pricing = jsonb(priced.record);
    if (line.id) {
      const same = priced.unitCents === line.unitPriceCents && priced.record.breakdown === line.record.breakdown;
      if (same && !line.size) continue;
      await trx
        .updateTable('order_items')
        .set({ quantity: line.quantity, unit_price_cents: priced.unitCents, pricing })
        .where('id', '=', line.id)
        .execute();
    } else {
      const piece = {
        productId: design.productId,
        colorId: design.colorId,
        sizeId: line.size!.sizeId,
        name: design.name,
        itemType: 'product',
        quantity: line.quantity,
        unitPriceCents: priced.unitCents,
        metadata: { ...design.metadata, ...(line.sizeName ? { size: line.sizeName } : {}) },
        pricing: priced.record,
      };
      position = await addOrderItems(trx, order.id, [piece], position);
    }
  }
  const feesMoved = await writeListCharges(trx, order.id, job, after.priced.charges, position);

  const next = retotal(order, deltaCents);
  await writeOrderAmounts(trx, order.id, next);
  const ofDesign = (l: OrderListLine) => l.id === null || design.sizes.some((s) => s.id === l.id);
  const was = before.lines[job.lines.findIndex(ofDesign)]!.unitCents;
  const now = after.priced.lines[lines.findIndex(ofDesign)]!.unitCents;
  const each = was === now ? `${formatUsd(now)} a piece` : `${formatUsd(now)} a piece (was ${formatUsd(was)})`;
  const named = lineLabel({ name: design.name, colorName: design.colorName, sizeName: null });
  const fees = feesMoved ? `; ${feesMoved}` : '';
  await orderChanged(
    trx,
    order.id,
    `${named}: ${plan.words}, ${plan.pieces} pieces at ${each}${fees}, ${formatSignedUsd(deltaCents)}`,
    { before: order.total_cents, after: next.total_cents },
    actor,
  );
  return orderChangeAnswer(trx, order.id);
}

/**
 * The order's list-priced job and its price as it stands, which must come to what the order
 * charged (else 409 in words rather than a guess): what a change of its lines starts from.
 */
export async function orderListJobAsCharged(
  trx: Kysely<Database>,
  orderId: string,
  designName: string,
): Promise<{ job: OrderListJob; before: PricedOrderJob }> {
  const job = await loadOrderListJob(trx, orderId);
  const before = priceOrderJob(job.lines, job.rush);
  if (!before.ok) {
    throw new Conflict(
      'list_changed',
      `The price lists no longer price ${designName} as it was ordered (${before.message}): ${adjustInstead}`,
    );
  }
  if (!reproduces(job, before.priced)) {
    throw new Conflict(
      'prices_changed',
      `${designName}'s price cannot be worked out again from its price lists (a price changed since this order was placed): ${adjustInstead}`,
    );
  }
  return { job, before: before.priced };
}

/** The job priced as it stands comes to what the order charged: every line, fee and rush. */
function reproduces(job: OrderListJob, priced: PricedOrderJob): boolean {
  if (job.lines.some((line, i) => priced.lines[i]!.unitCents !== line.unitPriceCents)) return false;
  const stored = new Map(job.charges.map((c) => [storedChargeKey(c, job.lines), c.totalCents]));
  if (stored.size !== job.charges.length || stored.size !== priced.charges.length) return false;
  return priced.charges.every((c) => stored.get(chargeKey(c)) === c.unitPriceCents * c.quantity);
}
