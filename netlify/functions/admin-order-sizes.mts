import type { Config } from '@netlify/functions';
import { orderSizesSchema } from '../../src/lib/admin-schemas/order-sizes.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { changeSizes } from '../../src/server/orders/changes/change-sizes.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner changes the sizes of one design of a paid order (docs/decisions/0029-deposits.md): { item_id, sizes:
 * [{ size_id, quantity }] } reprices the design as checkout would (a design priced by the owner's
 * lists from the list versions the order kept), moves the stock, re-totals the order and records
 * the change on its timeline (200 with the order's new total, balance and overpaid amount). 400
 * with the field for sizes the product does not offer or too few pieces; 409 for a cancelled,
 * unpaid or shipped order, a size short of stock, a line priced by its area, a line whose price
 * cannot be reproduced (its product's price changed, its list gone) or new pieces its price list
 * does not price; nothing is stored on a refusal.
 */
export default adminFunction(async (req, { db, params, actor }) => {
  const id = pathId(params, 'order');
  if (!id) throw notFound('order', '');
  const input = await readJson(req, orderSizesSchema, 8 * 1024);
  return json(await changeSizes(db, id, input, actor));
});

export const config: Config = { path: '/api/orders/:id/sizes', method: 'POST' };
