import { SHOP_TIME_ZONE } from '../site/shop-time-zone.ts';
import { formatUsd } from '../money.ts';
import type { StoreState } from './store-state.ts';

/** How a store's dates read to buyers, in the shop's time zone (docs/decisions/0030-team-stores.md). */
const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Friday, December 4, 2026 at 6:00 PM CST". */
export const storeDateTime = (at: Date | string) => dateTime.format(new Date(at)).replace(/, (\d+:\d\d)/, ' at $1');

/** What a store's page says of its state, in words (no script needed). */
export function storeStateWords(state: StoreState, opensAt: Date | string, closesAt: Date | string): string {
  if (state === 'scheduled') return `This store opens ${storeDateTime(opensAt)}.`;
  if (state === 'open') return `Order by ${storeDateTime(closesAt)}, when this store closes.`;
  return `This store closed on ${storeDateTime(closesAt)}. Orders are no longer taken.`;
}

/** "3 days, 4 hours left", down to minutes; '' once the time has passed. */
export function timeLeftWords(closesAt: Date | string, now: Date): string {
  const ms = new Date(closesAt).getTime() - now.getTime();
  if (ms <= 0) return '';
  const minutes = Math.floor(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts =
    d > 0 ? [unit(d, 'day'), unit(h, 'hour')] : h > 0 ? [unit(h, 'hour'), unit(m, 'minute')] : [unit(m, 'minute')];
  return `${parts.join(', ')} left`;
}

/** "$4.00 of each goes to Eagles Golf" (a share is worked out on the price). */
export function fundraisingWords(
  design: { price_cents: number; fundraising_cents: number | null; fundraising_bp: number | null },
  beneficiary: string,
): string | null {
  const cents =
    design.fundraising_cents ??
    (design.fundraising_bp === null ? null : Math.round((design.price_cents * design.fundraising_bp) / 10_000));
  if (!cents) return null;
  return `${formatUsd(cents)} of each goes to ${beneficiary}`;
}

/** "18 of 24 sold". */
export const progressWords = (sold: number, minimum: number) => `${sold} of ${minimum} sold`;

/** "7–21 working days after the store closes" (counted on the shop calendar, issue 46). */
export const deliveryWindowWords = (min: number, max: number) =>
  min === max ? `${min} working days after the store closes` : `${min}–${max} working days after the store closes`;

/**
 * What a store's page tells a buyer back from a checkout that did not go through (?checkout=cancelled): that the store
 * closed first (their Pay lost the race with the close), or only that they cancelled; nothing was charged either way.
 */
export function checkoutCancelledWords(state: StoreState): string {
  return state === 'closed' || state === 'closing'
    ? 'This store closed before your payment went through: your order was not placed and nothing was charged.'
    : 'Your checkout was cancelled and nothing was charged.';
}
