import type { Config } from '@netlify/functions';
import { shopSettingsSchema } from '../../src/lib/admin-schemas/shop-settings.ts';
import { adminFunction, rebuildAfter } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { adminShopSettings, saveShopSettings } from '../../src/server/settings/shop-settings.ts';

/**
 * The shop's own details (issue 44, admin tab Shop settings): GET reads them; PUT saves the whole
 * set, answers what is stored and republishes the site (footer, contact page, JSON-LD). The next
 * e-mail reads them as it is queued. A bad phone, e-mail or address is refused with 400 naming
 * the field; nothing is stored then.
 */
export default adminFunction(async (req, call) => {
  if (req.method === 'GET') return json(await adminShopSettings(call.db));
  const input = await readJson(req, shopSettingsSchema, 16 * 1024);
  const saved = await saveShopSettings(call.db, input);
  await rebuildAfter(call, { entity: 'shop_settings', action: 'update' });
  return json(saved);
});

export const config: Config = { path: '/api/admin/shop-settings', method: ['GET', 'PUT'] };
