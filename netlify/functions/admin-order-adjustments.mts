import type { Config } from '@netlify/functions';
import { orderAdjustmentSchema } from '../../src/lib/admin-schemas/order-adjustment.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { addAdjustment } from '../../src/server/orders/changes/add-adjustment.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner adds an adjustment line to a paid order (docs/decisions/0029-deposits.md): { amount_cents, reason } stores
 * the line, re-totals the order and records the change on its timeline (201 with the order's new
 * total, balance and overpaid amount). 400 with the field for a missing reason, a zero or
 * fractional amount, or a credit the order cannot take; 409 for a cancelled, unpaid or shipped
 * order; nothing is stored on a refusal.
 */
export default adminFunction(async (req, { db, params, actor }) => {
  const id = pathId(params, 'order');
  if (!id) throw notFound('order', '');
  const input = await readJson(req, orderAdjustmentSchema, 4 * 1024);
  return json(await addAdjustment(db, id, input, actor), 201);
});

export const config: Config = { path: '/api/orders/:id/adjustments', method: 'POST' };
