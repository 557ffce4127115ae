import { describe, expect, it } from 'vitest';
import { WEEKDAYS_ONLY } from '../../src/lib/calendar/shop-calendar.ts';
import { storeOrderValues } from '../../src/server/stores/store-order-mail.ts';

const store = (closesAt: string, min: number, max: number) => ({
  name: 'Eagles Spirit Wear',
  organiser_name: 'Coach Reyes',
  closes_at: new Date(closesAt),
  delivery: 'organiser' as const,
  delivery_days_min: min,
  delivery_days_max: max,
});
const order = { total_cents: 2400, shipping_cents: 0, tax_cents: 0 };

describe("a store buyer's e-mail counts the delivery window in the shop's working days", () => {
  it('keeps the day across the spring clock change (a close at 11:30 PM, the night before)', () => {
    // Saturday March 13, 2027, 11:30 PM Central Standard Time; the clocks go forward that night.
    // The shop does not work Saturdays or Sundays: the first working day is Monday the 15th.
    const values = storeOrderValues(store('2027-03-14T05:30:00Z', 1, 2), order, [], WEEKDAYS_ONLY);
    expect(values['deliveryWhen']).toContain(
      '1–2 working days after the store closes (March 15, 2027 to March 16, 2027)',
    );
  });

  it('keeps the day across the autumn clock change', () => {
    // Sunday November 7, 2027, 12:30 AM Central Daylight Time; the clocks go back at 2 AM.
    const values = storeOrderValues(store('2027-11-07T05:30:00Z', 1, 1), order, [], WEEKDAYS_ONLY);
    expect(values['deliveryWhen']).toContain('(November 8, 2027)');
  });

  it('skips the holidays and blackout days of the shop calendar', () => {
    // Thursday, December 17, 2026 at 3 PM: 5 to 7 working days, Christmas shut.
    const calendar = { ...WEEKDAYS_ONLY, closedDays: ['2026-12-25'] };
    const values = storeOrderValues(store('2026-12-17T21:00:00Z', 5, 7), order, [], calendar);
    expect(values['deliveryWhen']).toContain('(December 24, 2026 to December 29, 2026)');
  });
});
