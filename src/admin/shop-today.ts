import { type CalendarDate, today } from '@internationalized/date';
import { SHOP_TIME_ZONE } from '../lib/site/shop-time-zone.ts';

/**
 * Today on the shop's calendar, as a date picker's day: what it opens on and counts from. Not the
 * browser's today: an owner travelling (or a laptop set to UTC) filters orders by the shop's days.
 */
export function shopToday(): CalendarDate {
  return today(SHOP_TIME_ZONE);
}
