import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ContactPage from '../../src/pages/contact.astro';
import { calendarFromText } from '../../src/lib/calendar/shop-calendar.ts';
import { turnaroundChoices } from '../../src/lib/pricing/turnaround.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { saveShopCalendar } from '../../src/server/settings/shop-calendar.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';

/**
 * Issue 46: the storefront is built ahead, so its islands' "Ready by" dates count on the calendar
 * the page carries; every page carries the one the owner saved (a save republishes the site).
 */
const carried = (html: string) => {
  const match = /<meta name="shop-calendar" content="([^"]*)"/.exec(html);
  return match ? calendarFromText(match[1]!.replaceAll('&quot;', '"')) : null;
};

describe.each(DATABASE_KINDS)('the shop calendar a page carries, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('carries the saved working days, hours and closed days, and its dates skip them', async () => {
    await saveShopCalendar(database.db, {
      working_weekdays: [1, 2, 3, 4, 5, 6],
      opens_at: '08:00',
      closes_at: '18:00',
      closed_days: [
        { day: '2026-12-24', kind: 'blackout', name: 'Inventory' },
        { day: '2026-12-25', kind: 'holiday', name: 'Christmas Day' },
      ],
    });
    const calendar = carried(await (await requestPage(ContactPage, '/contact', { params: {} })).text());
    expect(calendar).toEqual({
      workingWeekdays: [1, 2, 3, 4, 5, 6],
      opensAt: '08:00',
      closesAt: '18:00',
      closedDays: ['2026-12-24', '2026-12-25'],
    });
    // What the product page shows from it: Wed Dec 23 + 2 working days is (Thu 24 blackout, Fri 25
    // holiday) Sat 26, the shop working Saturdays, then Mon 28.
    const list = { method: 'turnaround' as const, standard_days: 2, rush: [] };
    expect(turnaroundChoices(list, '2026-12-23', calendar!)[0]!.words).toBe('Ready by Mon, Dec 28');
  });
});
