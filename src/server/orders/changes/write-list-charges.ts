import type { Kysely } from 'kysely';
import { formatUsd } from '../../../lib/money.ts';
import type { ListCharge } from '../../../lib/pricing/price-list-lines.ts';
import { jsonb } from '../../db/json.ts';
import type { Database } from '../../db/types.ts';
import { addOrderItems } from '../order-writer.ts';
import type { OrderListJob } from './order-list-job.ts';
import { chargeKey, storedChargeKey } from './price-order-list-job.ts';

const WORDS: Record<string, string> = {
  screens: 'screens',
  digitizing: 'digitizing',
  setup_fee: 'setup',
  rush: 'rush',
};

/**
 * The fee and rush lines of an order's list-priced job after a size change: a line whose amount
 * is the same stays as charged, one the list's rules move (a screen waiver from a number of
 * pieces, the rush as a share of the job) takes its new amount and words, one the job no longer
 * has goes, a new one is added from `position` on. Answers what moved, in words ("screens
 * $30.00 → $0.00; rush $120.00 → $135.00"), or "" when nothing did.
 */
export async function writeListCharges(
  trx: Kysely<Database>,
  orderId: string,
  job: OrderListJob,
  charges: readonly ListCharge[],
  position: number,
): Promise<string> {
  const stored = new Map(job.charges.map((c) => [storedChargeKey(c, job.lines), c]));
  const moved: string[] = [];
  let next = position;
  for (const charge of charges) {
    const key = chargeKey(charge);
    const was = stored.get(key);
    stored.delete(key);
    const total = charge.unitPriceCents * charge.quantity;
    if (was?.totalCents === total) continue;
    moved.push(`${WORDS[charge.kind]} ${formatUsd(was?.totalCents ?? 0)} → ${formatUsd(total)}`);
    const values = {
      name: charge.name,
      quantity: charge.quantity,
      unit_price_cents: charge.unitPriceCents,
      pricing: jsonb(charge.pricing),
    };
    if (was) {
      await trx.updateTable('order_items').set(values).where('id', '=', was.id).execute();
    } else {
      const line = {
        productId: charge.productId,
        name: charge.name,
        itemType: charge.kind,
        quantity: charge.quantity,
        unitPriceCents: charge.unitPriceCents,
        pricing: charge.pricing,
      };
      next = await addOrderItems(trx, orderId, [line], next);
    }
  }
  for (const gone of stored.values()) {
    moved.push(`${WORDS[gone.kind] ?? gone.kind} ${formatUsd(gone.totalCents)} → ${formatUsd(0)}`);
    await trx.deleteFrom('order_items').where('id', '=', gone.id).execute();
  }
  return moved.join('; ');
}
