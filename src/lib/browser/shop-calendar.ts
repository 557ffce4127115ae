import { calendarFromText, type ShopCalendar, WEEKDAYS_ONLY } from '../calendar/shop-calendar.ts';

let read: ShopCalendar | undefined;

/**
 * The shop's calendar as the page was built with it (a `shop-calendar` meta tag written by
 * BaseLayout; a save of the calendar republishes the site), for the product page's and the cart's
 * "Ready by" dates. Monday to Friday without holidays where the page carries none (server
 * rendering, a page built without a database): checkout promises the stored calendar's day.
 */
export function pageCalendar(): ShopCalendar {
  if (typeof document === 'undefined') return WEEKDAYS_ONLY;
  if (read) return read;
  const text = document.querySelector('meta[name="shop-calendar"]')?.getAttribute('content');
  read = (text ? calendarFromText(text) : null) ?? WEEKDAYS_ONLY;
  return read;
}
