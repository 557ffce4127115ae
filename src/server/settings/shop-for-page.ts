import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '../../lib/site/site.ts';
import { db } from '../db/index.ts';
import { readShopDetails } from './shop-settings.ts';
import { readShopCalendar } from './shop-calendar.ts';
import { type ShopCalendar, WEEKDAYS_ONLY } from '../../lib/calendar/shop-calendar.ts';

let forBuild: Promise<ShopDetails> | undefined;

const read = () =>
  db()
    .then(readShopDetails)
    .catch((error: unknown) => {
      console.warn('[shop] the shop settings could not be read, showing the defaults:', error);
      return DEFAULT_SHOP_DETAILS;
    });

/**
 * The shop's details for a page (issue 44). A page built ahead reads them once per build (a save
 * in Shop settings republishes the site); a page rendered on request reads them each time, so
 * it says what the owner saved last. Where no database answers, the defaults.
 */
export function shopForPage(prerendered: boolean): Promise<ShopDetails> {
  if (!prerendered) return read();
  forBuild ??= read();
  return forBuild;
}

let calendarForBuild: Promise<ShopCalendar> | undefined;

const readCalendar = () =>
  db()
    .then(readShopCalendar)
    .catch((error: unknown) => {
      console.warn('[shop] the shop calendar could not be read, promising dates on weekdays only:', error);
      return WEEKDAYS_ONLY;
    });

/**
 * The shop's calendar for a page's "Ready by" dates (issue 46), read like shopForPage: once per
 * build for pages built ahead (a save of the calendar republishes the site), each time otherwise.
 */
export function calendarForPage(prerendered: boolean): Promise<ShopCalendar> {
  if (!prerendered) return readCalendar();
  calendarForBuild ??= readCalendar();
  return calendarForBuild;
}
