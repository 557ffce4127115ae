import type { Config } from '@netlify/functions';
import { shopCalendarSchema } from '../../src/lib/admin-schemas/shop-calendar.ts';
import { adminFunction, rebuildAfter } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { adminShopCalendar, saveShopCalendar } from '../../src/server/settings/shop-calendar.ts';

/**
 * The shop's calendar (issue 46, admin tab Calendar): GET reads it; PUT saves the working
 * weekdays, hours and closed days (holidays, blackout days) as a whole, answers what is stored and
 * republishes the site, whose product and cart pages count their "Ready by" dates on it. A bad
 * day or time is refused with 400 naming the field; nothing is stored then.
 */
export default adminFunction(async (req, call) => {
  if (req.method === 'GET') return json(await adminShopCalendar(call.db));
  const input = await readJson(req, shopCalendarSchema, 64 * 1024);
  const saved = await saveShopCalendar(call.db, input);
  await rebuildAfter(call, { entity: 'shop_calendar', action: 'update' });
  return json(saved);
});

export const config: Config = { path: '/api/admin/shop-calendar', method: ['GET', 'PUT'] };
