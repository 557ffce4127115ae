import type { Config } from '@netlify/functions';
import { taxSettingsSchema } from '../../src/lib/admin-schemas/tax.ts';
import { adminFunction } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { adminTax, saveTaxSettings } from '../../src/server/tax/tax-admin.ts';

/**
 * The shop's tax rules (issue 50): GET reads the settings and every rate (the owner and the
 * office); PUT saves the shop's own rate, shipping, rounding and Stripe Tax (the owner). A rate
 * that is no percentage from 0 to 20 is refused with 400 naming the field; nothing is stored then.
 */
export default adminFunction(async (req, call) => {
  if (req.method === 'GET') return json(await adminTax(call.db));
  const input = await readJson(req, taxSettingsSchema, 4 * 1024);
  return json(await saveTaxSettings(call.db, input));
});

export const config: Config = { path: '/api/admin/tax', method: ['GET', 'PUT'] };
