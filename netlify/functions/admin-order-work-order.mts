import type { Config } from '@netlify/functions';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { workOrder } from '../../src/server/admin/work-order.ts';
import { json } from '../../src/server/http.ts';

/** GET /api/orders/{id}/work-order: the printable work order of one order, for the admin. */
export default adminFunction(async (_req, { db, params }) => {
  const id = pathId(params, 'order');
  const sheet = id ? await workOrder(db, id) : null;
  if (!sheet) throw notFound('order', params['id'] ?? '');
  return json(sheet);
});

export const config: Config = { path: '/api/orders/:id/work-order', method: 'GET' };
