import type { Config } from '@netlify/functions';
import { supplierStyleAddSchema, supplierSyncSchema } from '../../src/lib/admin-schemas/supplier-styles.ts';
import { adminFunction, methodNotAllowed, rebuildAfter } from '../../src/server/admin/route.ts';
import { Conflict } from '../../src/server/errors.ts';
import { json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { addSupplierStyle } from '../../src/server/suppliers/add-style.ts';
import { configuredSuppliers, supplierById } from '../../src/server/suppliers/suppliers.ts';
import { latestSyncs, requestSupplierSync } from '../../src/server/suppliers/sync-job.ts';

/**
 * Blanks from suppliers (issue 47). GET lists the suppliers the shop is set up with and the
 * latest sync of each ({ suppliers: [{ id, label, lastSync }] }, never a credential). POST
 * { supplier, style, collection, price_cents } adds a product from that supplier's style
 * ("Gildan 5000", "PC61") with its colours, sizes, pictures, weight and the supplier SKU and cost
 * of every colour x size (201). POST /api/admin/supplier-sync { supplier } asks the sweep to sync
 * that supplier now (202; 409 when a sync is already asked or running). 400 with the field for
 * bad input or a supplier the shop has no settings for, 404 for a style the supplier does not
 * have, 409 for a style already added, 503 with Retry-After when the supplier cannot be asked;
 * nothing is stored on a refusal.
 */
export default adminFunction(async (req, call) => {
  if (call.url.pathname === '/api/admin/supplier-sync') {
    if (req.method !== 'POST') throw methodNotAllowed(req.method, ['POST']);
    const input = await readJson(req, supplierSyncSchema, 1024);
    const supplier = supplierById(input.supplier);
    if (!(await requestSupplierSync(call.db, supplier.id))) {
      throw new Conflict('sync_already_asked', `A sync of ${supplier.label} is already waiting or running.`);
    }
    return json({ requested: true }, 202);
  }
  if (req.method === 'GET') {
    const suppliers = configuredSuppliers();
    const syncs = await latestSyncs(
      call.db,
      suppliers.map((s) => s.id),
    );
    return json({ suppliers: suppliers.map((s) => ({ id: s.id, label: s.label, lastSync: syncs.get(s.id) ?? null })) });
  }
  if (req.method !== 'POST') throw methodNotAllowed(req.method, ['GET', 'POST']);
  const input = await readJson(req, supplierStyleAddSchema, 4 * 1024);
  const added = await addSupplierStyle(call.db, supplierById(input.supplier), input);
  await rebuildAfter(call, { entity: 'product', action: 'create', id: added.productId });
  return json(added, 201);
});

export const config: Config = {
  path: ['/api/admin/supplier-styles', '/api/admin/supplier-sync'],
  method: ['GET', 'POST'],
};
