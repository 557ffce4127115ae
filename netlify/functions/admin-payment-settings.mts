import type { Config } from '@netlify/functions';
import { paymentSettingsSchema } from '../../src/lib/admin-schemas/payment-settings.ts';
import { adminFunction } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { adminPaymentSettings, savePaymentSettings } from '../../src/server/orders/payments/payment-settings.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner's payment settings (docs/decisions/0029-deposits.md, admin tab Payments): GET reads them; PUT
 * { default_deposit_percent?, bank_transfer_min_cents? } saves them and answers what is stored.
 * A value out of range is refused with 400 naming the field; nothing is stored then.
 */
export default adminFunction(async (req, { db }) => {
  if (req.method === 'GET') return json(await adminPaymentSettings(db));
  const input = await readJson(req, paymentSettingsSchema, 4 * 1024);
  return json(await savePaymentSettings(db, input));
});

export const config: Config = { path: '/api/admin/payment-settings', method: ['GET', 'PUT'] };
