import type { Kysely } from 'kysely';
import type { OrderChangeAnswer } from '../../../lib/admin-schemas/order-adjustment.ts';
import type { OrderSizesInput } from '../../../lib/admin-schemas/order-sizes.ts';
import { lineLabel } from '../../../lib/orders/line-label.ts';
import { formatSignedUsd } from '../../../lib/money.ts';
import { planSizeChange } from '../../../lib/orders/order-sizes.ts';
import { largestCreditCents, retotal } from '../../../lib/orders/order-retotal.ts';
import { belowMinimumMessage, unitPriceCents } from '../../../lib/pricing/tiers.ts';
import { atomically } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { addOrderItems, nextItemPosition } from '../order-writer.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { orderChanged } from './change-timeline.ts';
import { lockEditableOrder } from './lock-editable.ts';
import { loadOrderDesign, type OrderDesign } from './order-design.ts';
import { orderChangeAnswer } from './order-change-answer.ts';
import { moveDesignStock } from './size-stock.ts';
import { changeListSizes } from './change-list-sizes.ts';
import { writeOrderAmounts } from './write-amounts.ts';
import type { StaffActor } from '../order-events.ts';

/**
 * The owner changes the sizes of one design of a paid order (docs/decisions/0029-deposits.md): "+6 XL" on a tee. Under
 * the order's lock, in one transaction: the design is repriced as checkout prices it (its pieces,
 * sizes together, by the product's quantity tiers, so a break applies to every size; each print
 * location's charge on every piece), pieces are taken off the shelf or put back, the order is
 * re-totalled (the tax follows) and the timeline says what changed ("Game Day Hoodie (Black):
 * XL 2 → 8, +$38.70"). Flat prices keep no versions, so a design whose product's price changed
 * since the order is refused (409) rather than repriced at today's price. A design priced by the
 * owner's lists is repriced from the list versions the order kept (./change-list-sizes.ts).
 */
export async function changeSizes(
  db: Kysely<Database>,
  orderId: string,
  input: OrderSizesInput,
  actor: StaffActor,
): Promise<OrderChangeAnswer> {
  return atomically(db, async (trx) => {
    const order = await lockEditableOrder(trx, orderId);
    const design = await loadOrderDesign(trx, orderId, input.item_id.toLowerCase());
    const { product } = design;
    const before = design.sizes.reduce((sum, s) => sum + s.quantity, 0);
    if (!design.pricing && design.sizes.some((s) => s.unitPriceCents !== unitPriceCents(product, before))) {
      throw new Conflict(
        'prices_changed',
        `${design.name}'s price changed since this order was placed: change the order with an adjustment instead.`,
      );
    }
    const wanted = wantedSizes(design, input);
    const plan = planSizeChange(design, wanted, product);
    if (!plan.words)
      throw new Invalid('nothing_changed', 'Those are the pieces the order has already.', {
        fields: { sizes: 'Change a number of pieces.' },
      });
    if (plan.pieces === 0) {
      throw new Invalid('no_pieces', 'A design keeps at least one piece: take it off with a credit instead.', {
        fields: { sizes: 'Keep at least one piece.' },
      });
    }
    if (plan.pieces < product.minimum_quantity && plan.pieces < before) {
      throw new Invalid('below_minimum', belowMinimumMessage(design.name, product.minimum_quantity, plan.pieces), {
        fields: { sizes: `At least ${product.minimum_quantity} pieces.` },
      });
    }
    if (design.pricing) return changeListSizes(trx, order, design, plan, actor);
    if (-plan.subtotalDeltaCents > largestCreditCents(order)) {
      throw new Invalid('credit_too_large', 'This change would take the order below $0.00.', {
        fields: { sizes: 'Keep more pieces.' },
      });
    }

    await moveDesignStock(trx, design, plan.sizes);
    let position = await nextItemPosition(trx, orderId);
    for (const size of plan.sizes) {
      if (size.id && size.to === 0) {
        await trx.deleteFrom('order_items').where('id', '=', size.id).execute();
      } else if (size.id) {
        await trx
          .updateTable('order_items')
          .set({ quantity: size.to, unit_price_cents: plan.unitPriceCents })
          .where('id', '=', size.id)
          .execute();
      } else if (size.to > 0) {
        const piece = {
          productId: design.productId,
          colorId: design.colorId,
          sizeId: size.sizeId,
          name: design.name,
          itemType: 'product',
          quantity: size.to,
          unitPriceCents: plan.unitPriceCents,
          metadata: { ...design.metadata, ...(size.sizeName ? { size: size.sizeName } : {}) },
        };
        position = await addOrderItems(trx, orderId, [piece], position);
      }
    }
    for (const charge of plan.charges) {
      await trx.updateTable('order_items').set({ quantity: charge.quantity }).where('id', '=', charge.id).execute();
    }
    const next = retotal(order, plan.subtotalDeltaCents);
    await writeOrderAmounts(trx, orderId, next);
    const named = lineLabel({ name: design.name, colorName: design.colorName, sizeName: null });
    await orderChanged(
      trx,
      orderId,
      `${named}: ${plan.words}, ${formatSignedUsd(plan.subtotalDeltaCents)}`,
      {
        before: order.total_cents,
        after: next.total_cents,
      },
      actor,
    );
    return orderChangeAnswer(trx, orderId);
  });
}

/** The sizes asked for, each one the product offers (a new size must be on sale now). */
function wantedSizes(design: OrderDesign, input: OrderSizesInput) {
  const wanted = new Map<string | null, { quantity: number; sizeName: string | null }>();
  const problems: Record<string, string> = {};
  input.sizes.forEach((asked, index) => {
    const sizeId = asked.size_id?.toLowerCase() ?? null;
    const onOrder = design.sizes.find((s) => s.sizeId === sizeId);
    const offered = design.product.sizes.find((s) => s.id === sizeId);
    if (!onOrder && !offered?.is_active) {
      problems[`sizes.${index}.size_id`] = `${design.name} is not offered in this size.`;
      return;
    }
    wanted.set(sizeId, { quantity: asked.quantity, sizeName: onOrder?.sizeName ?? offered?.name ?? null });
  });
  if (Object.keys(problems).length > 0)
    throw new Invalid('invalid_input', 'Some sizes cannot be ordered.', { fields: problems });
  return wanted;
}
