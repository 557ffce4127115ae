import type { Kysely } from 'kysely';
import type { OrderAdjustmentInput, OrderChangeAnswer } from '../../../lib/admin-schemas/order-adjustment.ts';
import { formatSignedUsd, formatUsd } from '../../../lib/money.ts';
import { largestCreditCents, retotal } from '../../../lib/orders/order-retotal.ts';
import { atomically } from '../../db/transaction.ts';
import { addOrderItems, nextItemPosition } from '../order-writer.ts';
import type { Database } from '../../db/types.ts';
import { Invalid } from '../../errors.ts';
import { orderChanged } from './change-timeline.ts';
import { lockEditableOrder } from './lock-editable.ts';
import { orderChangeAnswer } from './order-change-answer.ts';
import { writeOrderAmounts } from './write-amounts.ts';
import type { StaffActor } from '../order-events.ts';

/**
 * The owner adds an adjustment line to a paid order (docs/decisions/0029-deposits.md): "Adjustment: <reason>" at the
 * amount typed (above zero: more owed; below: a credit), the order re-totalled (retotal: the tax
 * follows) and the change on the timeline, in one transaction under the order's lock. The balance
 * follows by itself (total − paid + refunded), and so does what an open request asks. Refused,
 * with nothing stored: a cancelled, unpaid or shipped order (409), a credit larger than the
 * order's goods after the discount (400 on amount_cents).
 */
export async function addAdjustment(
  db: Kysely<Database>,
  orderId: string,
  input: OrderAdjustmentInput,
  actor: StaffActor,
): Promise<OrderChangeAnswer> {
  return atomically(db, async (trx) => {
    const order = await lockEditableOrder(trx, orderId);
    const most = largestCreditCents(order);
    if (-input.amount_cents > most) {
      throw new Invalid('credit_too_large', `A credit can take at most ${formatUsd(most)} off this order.`, {
        fields: { amount_cents: `At most ${formatSignedUsd(-most)}: the order's goods after its discount.` },
      });
    }
    const next = retotal(order, input.amount_cents);
    await addOrderItems(
      trx,
      orderId,
      [
        {
          productId: null,
          name: `Adjustment: ${input.reason}`,
          itemType: 'adjustment',
          quantity: 1,
          unitPriceCents: input.amount_cents,
        },
      ],
      await nextItemPosition(trx, orderId),
    );
    await writeOrderAmounts(trx, orderId, next);
    await orderChanged(
      trx,
      orderId,
      `Adjustment ${formatSignedUsd(input.amount_cents)} — ${input.reason}`,
      {
        before: order.total_cents,
        after: next.total_cents,
      },
      actor,
    );
    return orderChangeAnswer(trx, orderId);
  });
}
