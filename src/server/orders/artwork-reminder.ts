import { sql } from 'kysely';
import { atomically } from '../db/transaction.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import { reminderEvent } from './order-events.ts';

/** A paid order still waiting for its artwork this long gets one reminder e-mail. */
export const ARTWORK_REMINDER_DAYS = 2;
const BATCH = 100;

/**
 * The "artwork still needed" reminder (docs/decisions/0016-order-workflow.md), a job of the
 * scheduled sweep: each paid order that has waited for its artwork for two days gets the e-mail
 * once (through the outbox) and a line in its timeline. The claim is a conditional update, so two
 * sweeps at once send one.
 */
export const remindMissingArtwork: SweepJob = {
  name: 'remind-missing-artwork',
  async run(db) {
    const due = await db
      .selectFrom('orders')
      .select('id')
      .where('stage', '=', 'awaiting_artwork')
      .where('status', '=', 'paid')
      .where('artwork_reminded_at', 'is', null)
      .where('paid_at', '<', sql<Date>`now() - make_interval(days => ${ARTWORK_REMINDER_DAYS})`)
      .orderBy('paid_at')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const { id } of due) {
      const claimed = await atomically(db, async (trx) => {
        const row = await trx
          .updateTable('orders')
          .set({ artwork_reminded_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where('artwork_reminded_at', 'is', null)
          .where('stage', '=', 'awaiting_artwork')
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await queueOrderMail(trx, id, 'artwork-reminder');
        await reminderEvent(trx, id, 'Reminded the customer about the artwork');
        return true;
      });
      if (claimed) sent++;
    }
    return sent > 0 ? `reminded ${sent} customer(s) about missing artwork` : null;
  },
};
