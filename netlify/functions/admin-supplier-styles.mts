import type { Config } from '@netlify/functions';
import { supplierStyleAddSchema } from '../../src/lib/admin-schemas/supplier-styles.ts';
import { adminFunction, methodNotAllowed, rebuildAfter } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { addSupplierStyle } from '../../src/server/suppliers/add-style.ts';
import { configuredSuppliers, supplierById } from '../../src/server/suppliers/suppliers.ts';

/**
 * Blanks from suppliers (issue 47). GET lists the suppliers the shop is set up with ({ suppliers:
 * [{ id, label }] }, never a credential). POST { supplier, style, collection, price_cents } adds a
 * product from that supplier's style ("Gildan 5000", "PC61") with its colours, sizes, pictures,
 * weight and the supplier SKU and cost of every colour x size (201). 400 with the field for bad
 * input or a supplier the shop has no settings for, 404 for a style the supplier does not have,
 * 409 for a style already added, 503 with Retry-After when the supplier cannot be asked; nothing
 * is stored on a refusal.
 */
export default adminFunction(async (req, call) => {
  if (req.method === 'GET') {
    return json({ suppliers: configuredSuppliers().map((s) => ({ id: s.id, label: s.label })) });
  }
  if (req.method !== 'POST') throw methodNotAllowed(req.method, ['GET', 'POST']);
  const input = await readJson(req, supplierStyleAddSchema, 4 * 1024);
  const added = await addSupplierStyle(call.db, supplierById(input.supplier), input);
  await rebuildAfter(call, { entity: 'product', action: 'create', id: added.productId });
  return json(added, 201);
});

export const config: Config = { path: '/api/admin/supplier-styles', method: ['GET', 'POST'] };
