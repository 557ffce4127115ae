import type { Config } from '@netlify/functions';
import { recordActivity } from '../../src/server/admin/activity.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { deliverSoon } from '../../src/server/mail/deliver.ts';
import { getStore } from '../../src/server/stores/store-admin-read.ts';
import { sendStoreForApproval } from '../../src/server/stores/store-admin-send.ts';

/**
 * POST /api/admin/stores/{id}/send (docs/decisions/0030-team-stores.md): the store's proof goes to
 * its organiser with the signed link to approve it; answers the store as the Stores tab shows it. Takes no body.
 */
export default adminFunction(async (_req, { db, params, context, actor }) => {
  const id = pathId(params, 'store');
  if (!id) throw notFound('store', '');
  const { mailIds } = await sendStoreForApproval(db, id);
  const store = await getStore(db, id);
  await recordActivity(db, actor, {
    kind: 'store',
    subjectId: id,
    words: `Store "${store?.name ?? id}" sent to its organiser for approval`,
  });
  await deliverSoon(db, mailIds, context);
  return json(store);
});

export const config: Config = { path: '/api/admin/stores/:id/send', method: 'POST' };
