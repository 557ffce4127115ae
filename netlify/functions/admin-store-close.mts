import type { Config } from '@netlify/functions';
import { recordActivity } from '../../src/server/admin/activity.ts';
import { adminFunction, notFound, pathId, rebuildAfter } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { getStore } from '../../src/server/stores/store-admin-read.ts';
import { closeStoreNow } from '../../src/server/stores/store-close-now.ts';

/**
 * POST /api/admin/stores/{id}/close (docs/decisions/0030-team-stores.md): the owner closes an open store now; the close
 * runs at once (batch, refunds, buyers told) and the store's page is rebuilt as closed. Answers
 * the store as the Stores tab shows it, with what the close did. Takes no body.
 */
export default adminFunction(async (_req, call) => {
  const id = pathId(call.params, 'store');
  if (!id) throw notFound('store', '');
  const closed = await closeStoreNow(call.db, id);
  const store = await getStore(call.db, id);
  await recordActivity(call.db, call.actor, {
    kind: 'store',
    subjectId: id,
    words: `Store "${store?.name ?? id}" closed`,
  });
  await rebuildAfter(call, { entity: 'store', action: 'update', id });
  return json({ ...store, closed });
});

export const config: Config = { path: '/api/admin/stores/:id/close', method: 'POST' };
