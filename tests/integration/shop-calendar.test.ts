import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import calendarFn from '../../netlify/functions/admin-shop-calendar.mts';
import holidaysFn from '../../netlify/functions/admin-shop-calendar-holidays.mts';
import type { AdminShopCalendar } from '../../src/lib/admin-schemas/shop-calendar.ts';
import { type RebuildReason, setRebuildHandler } from '../../src/server/admin/rebuild.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { readShopCalendar } from '../../src/server/settings/shop-calendar.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Issue 46, the calendar: the owner keeps the shop's working weekdays, hours, holidays (US
 * federal presets from date-holidays, editable) and blackout days; a save republishes the site,
 * whose "Ready by" dates count on it; a bad day or time is refused at its field, nothing stored.
 */
const { authorization } = adminProductSaves();
const rebuilds: RebuildReason[] = [];
beforeAll(() => setRebuildHandler(async (reasons) => void rebuilds.push(...reasons), { delayMs: 0 }));

const calendar = (method: 'GET' | 'PUT', body?: unknown) =>
  callFunction(calendarFn, '/api/admin/shop-calendar', {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const SEEDED = { working_weekdays: [1, 2, 3, 4, 5], opens_at: '09:00', closes_at: '17:00', closed_days: [] };

describe.each(DATABASE_KINDS)('the shop calendar on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('starts Monday to Friday, 9 to 5, with no closed day', async () => {
    const res = await calendar('GET');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(SEEDED);
  });

  it('offers the US federal holidays of a year, a substitute day included, and stores nothing', async () => {
    const before = await snapshot(database.db);
    const res = await callFunction(holidaysFn, '/api/admin/shop-calendar/us-holidays?year=2027', {
      headers: { authorization },
    });
    expect(res.status).toBe(200);
    const { holidays } = (await res.json()) as { holidays: AdminShopCalendar['closed_days'] };
    expect(holidays).toContainEqual({ day: '2027-11-25', kind: 'holiday', name: 'Thanksgiving Day' });
    expect(holidays).toContainEqual({ day: '2027-12-24', kind: 'holiday', name: 'Christmas Day (substitute day)' });
    expect(holidays.every((h) => h.day.startsWith('2027-'))).toBe(true);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    const bad = await callFunction(holidaysFn, '/api/admin/shop-calendar/us-holidays?year=1850', {
      headers: { authorization },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toHaveProperty('year');
  });

  it('saves the week, the holidays and the blackout days, republishes, and promises dates on them', async () => {
    rebuilds.length = 0;
    const body = {
      working_weekdays: [6, 1, 2, 3, 4, 5],
      opens_at: '08:00',
      closes_at: '16:30',
      closed_days: [
        { day: '2026-12-25', kind: 'holiday', name: 'Christmas Day' },
        { day: '2026-12-28', kind: 'blackout', name: ' Press maintenance ' },
      ],
    };
    const saved = await calendar('PUT', body);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({
      working_weekdays: [1, 2, 3, 4, 5, 6],
      opens_at: '08:00',
      closes_at: '16:30',
      closed_days: [
        { day: '2026-12-25', kind: 'holiday', name: 'Christmas Day' },
        { day: '2026-12-28', kind: 'blackout', name: 'Press maintenance' },
      ],
    });
    expect(await readShopCalendar(database.db)).toEqual({
      workingWeekdays: [1, 2, 3, 4, 5, 6],
      opensAt: '08:00',
      closesAt: '16:30',
      closedDays: ['2026-12-25', '2026-12-28'],
    });
    await expect.poll(() => rebuilds).toContainEqual({ entity: 'shop_calendar', action: 'update' });
    // Removing a day from the list opens it again.
    expect((await calendar('PUT', SEEDED)).status).toBe(200);
    expect((await readShopCalendar(database.db)).closedDays).toEqual([]);
  });

  it.each([
    ['no working day', { working_weekdays: [] }, 'working_weekdays'],
    ['a weekday that is none', { working_weekdays: [1, 8] }, 'working_weekdays.1'],
    ['a closing time before the opening', { opens_at: '17:00', closes_at: '09:00' }, 'closes_at'],
    ['a time of another shape', { opens_at: '9am' }, 'opens_at'],
    [
      'a day that does not exist',
      { closed_days: [{ day: '2026-02-30', kind: 'holiday', name: 'Nope' }] },
      'closed_days.0.day',
    ],
    [
      'a day listed twice',
      {
        closed_days: [
          { day: '2026-12-25', kind: 'holiday', name: 'Christmas Day' },
          { day: '2026-12-25', kind: 'blackout', name: 'Again' },
        ],
      },
      'closed_days.1.day',
    ],
    ['a day with no name', { closed_days: [{ day: '2026-12-25', kind: 'holiday', name: '  ' }] }, 'closed_days.0.name'],
    [
      'a kind of day that is none',
      { closed_days: [{ day: '2026-12-25', kind: 'party', name: 'X' }] },
      'closed_days.0.kind',
    ],
  ])('refuses %s with 400 at the field and stores nothing', async (_what, change, field) => {
    const before = await snapshot(database.db);
    const res = await calendar('PUT', { ...SEEDED, ...change });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields).toHaveProperty([field]);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });
});
