import type { Config } from '@netlify/functions';
import { orderLocationsSchema } from '../../src/lib/admin-schemas/order-locations.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { changeLocations } from '../../src/server/orders/changes/change-locations.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner adds a print location to one design of a paid order or takes one off (docs/decisions/0029-deposits.md):
 * { item_id, add: { code, colors?, stitches?, print_size? } } or { item_id, remove: code }
 * prices the design as checkout would (a design priced by the owner's lists through the same
 * engine, from the list versions the order kept), re-totals the order, records the change on its
 * timeline and lets the stage follow the artwork (200 with the order's new total, balance and
 * overpaid amount). 400 with the field for a location the product does not offer, one already
 * on or not on the design, the last location of a printed design, or missing or bad pricing
 * inputs; 409 for a cancelled, unpaid or shipped order or a price that cannot be worked out
 * again; nothing is stored on a refusal.
 */
export default adminFunction(async (req, { db, params, actor }) => {
  const id = pathId(params, 'order');
  if (!id) throw notFound('order', '');
  const input = await readJson(req, orderLocationsSchema, 8 * 1024);
  return json(await changeLocations(db, id, input, actor));
});

export const config: Config = { path: '/api/orders/:id/locations', method: 'POST' };
