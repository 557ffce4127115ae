import type { Kysely } from 'kysely';
import { formatUsd } from '../../../lib/money.ts';
import type { Database } from '../../db/types.ts';
import { queueOrderChanged } from '../money-mail.ts';
import { orderChangeEvent, type StaffActor } from '../order-events.ts';

/**
 * The timeline's entry for an owner's change of a paid order's lines (docs/decisions/0029-deposits.md), written in the
 * transaction of the change: what changed, then the order's total before and after
 * ("Adjustment +$12.00 — Extra artwork time; total $100.00 → $112.96"). A change of the total
 * also e-mails the customer the new total and what is owed now (queueOrderChanged).
 */
export async function orderChanged(
  trx: Kysely<Database>,
  orderId: string,
  what: string,
  totals: { before: number; after: number },
  actor: StaffActor,
): Promise<void> {
  await orderChangeEvent(
    trx,
    orderId,
    actor,
    `${what}; total ${formatUsd(totals.before)} → ${formatUsd(totals.after)}`,
  );
  await queueOrderChanged(trx, orderId, what, totals);
}
