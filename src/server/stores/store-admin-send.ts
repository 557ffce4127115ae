import type { Kysely } from 'kysely';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { Conflict, NotFound } from '../errors.ts';
import { organiserPageUrl } from '../links/signed-links.ts';
import { enqueueMail } from '../mail/outbox.ts';

/**
 * "Send to the organiser for approval" (docs/decisions/0030-team-stores.md): the draft's proof goes to the organiser by
 * e-mail (the owner-editable 'store-approval' template) with the signed link to their page, and
 * the store waits for their approval (proof_sent). Sending again resends the link. Refused in
 * words (409) once approved, when a location still waits for its artwork, or when the close has
 * passed. Answers the outbox row, for delivery.
 */
export async function sendStoreForApproval(db: Kysely<Database>, storeId: string, now = new Date()) {
  return atomically(db, async (trx) => {
    const store = await trx.selectFrom('stores').selectAll().where('id', '=', storeId).forUpdate().executeTakeFirst();
    if (!store) throw new NotFound('not_found', `There is no store with id ${storeId}.`);
    if (store.status === 'approved' || store.status === 'closed') {
      throw new Conflict('store_approved', 'The organiser has approved this store already.');
    }
    if (new Date(store.closes_at) <= now) {
      throw new Conflict('store_close_passed', 'The store’s close has passed: set new dates before sending it.');
    }
    const designs = await trx
      .selectFrom('store_designs')
      .select(['id', 'name'])
      .where('store_id', '=', storeId)
      .orderBy('position')
      .execute();
    if (designs.length === 0) throw new Conflict('store_empty', 'Add a design before sending the store.');
    const waiting = await trx
      .selectFrom('store_design_locations as l')
      .innerJoin('store_designs as d', 'd.id', 'l.design_id')
      .select(['d.name as design', 'l.name'])
      .where('d.store_id', '=', storeId)
      .where('l.artwork_id', 'is', null)
      .orderBy('d.position')
      .orderBy('l.position')
      .execute();
    if (waiting.length > 0) {
      const which = waiting.map((w) => `the ${w.name.toLowerCase()} of ${w.design}`).join(', ');
      throw new Conflict('artwork_missing', `Attach the artwork first: ${which} has none yet.`);
    }
    await trx.updateTable('stores').set({ status: 'proof_sent', updated_at: now }).where('id', '=', storeId).execute();
    const mailId = await enqueueMail(trx, {
      template: 'store-approval',
      to: store.organiser_email,
      values: {
        organiserName: store.organiser_name,
        storeName: store.name,
        opensAt: shopDateTimeWords(store.opens_at),
        closesAt: shopDateTimeWords(store.closes_at),
        designs: designs.map((d) => d.name).join(', '),
        organiserUrl: organiserPageUrl(storeId, new Date(store.closes_at), undefined, now),
      },
    });
    return { mailIds: mailId ? [mailId] : [] };
  });
}
