import type { Config } from '@netlify/functions';
import { holidayYearSchema } from '../../src/lib/admin-schemas/shop-calendar.ts';
import { adminFunction, parseQuery } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { usFederalHolidays } from '../../src/server/settings/shop-calendar.ts';

/**
 * The US federal holidays of a year (issue 46), for the Calendar screen's "Add US federal
 * holidays": GET ?year=2027 answers { holidays: [{ day, kind: 'holiday', name }] }. Nothing is
 * stored: the owner edits the list and saves the calendar.
 */
export default adminFunction(async (_req, call) => {
  const { year } = parseQuery(call.url, holidayYearSchema);
  return json({ holidays: usFederalHolidays(year) });
});

export const config: Config = { path: '/api/admin/shop-calendar/us-holidays', method: ['GET'] };
