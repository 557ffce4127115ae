import type { Config } from '@netlify/functions';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { packingSlips } from '../../src/server/stores/packing-slips.ts';

/** GET /api/admin/store-packing-slips/:id: a closed store's packing slips, one per buyer's bag. */
export default adminFunction(async (_req, { db, params }) => {
  const id = pathId(params, 'store');
  const slips = id ? await packingSlips(db, id) : null;
  if (!slips) throw notFound('store', params['id'] ?? '');
  return json(slips);
});

export const config: Config = { path: '/api/admin/store-packing-slips/:id', method: 'GET' };
