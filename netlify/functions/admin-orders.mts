import type { Config } from '@netlify/functions';
import { ordersQuerySchema } from '../../src/lib/admin-schemas/orders.ts';
import { getOrder, listOrders } from '../../src/server/admin/orders.ts';
import { adminFunction, notFound, parseQuery, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';

/** Orders are read-only in the back office: GET /api/orders (filters, paging) and GET /api/orders/{id}. */
export default adminFunction(async (_req, { db, url, params, staff }) => {
  const id = pathId(params, 'order');
  if (!id) return json(await listOrders(db, parseQuery(url, ordersQuerySchema)));
  const order = await getOrder(db, id, staff.role);
  if (!order) throw notFound('order', id);
  return json(order);
});

export const config: Config = { path: ['/api/orders', '/api/orders/:id'], method: 'GET' };
