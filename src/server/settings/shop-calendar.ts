import Holidays from 'date-holidays';
import { type Kysely, sql } from 'kysely';
import { type ShopCalendar, WEEKDAYS_ONLY } from '../../lib/calendar/shop-calendar.ts';
import type { AdminShopCalendar, ShopCalendarInput } from '../../lib/admin-schemas/shop-calendar.ts';
import type { Database } from '../db/types.ts';

const dayText = (day: Date | string) => (typeof day === 'string' ? day.slice(0, 10) : day.toISOString().slice(0, 10));

/**
 * The shop's calendar as every promised date counts on it (issue 46): the stored working week
 * and closed days; the migration's defaults (Monday to Friday, 9 to 5) when the row is missing.
 */
export async function readShopCalendar(db: Kysely<Database>): Promise<ShopCalendar> {
  const [week, closed] = await Promise.all([
    db.selectFrom('shop_calendar').selectAll().where('id', '=', true).executeTakeFirst(),
    db
      .selectFrom('shop_closed_days')
      .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'))
      .orderBy('day')
      .execute(),
  ]);
  return {
    workingWeekdays: week ? [...week.working_weekdays].sort() : WEEKDAYS_ONLY.workingWeekdays,
    opensAt: week?.opens_at ?? WEEKDAYS_ONLY.opensAt,
    closesAt: week?.closes_at ?? WEEKDAYS_ONLY.closesAt,
    closedDays: closed.map((c) => c.day),
  };
}

/** The calendar as the admin form holds it. */
export async function adminShopCalendar(db: Kysely<Database>): Promise<AdminShopCalendar> {
  const [week, closed] = await Promise.all([
    db.selectFrom('shop_calendar').selectAll().where('id', '=', true).executeTakeFirst(),
    db
      .selectFrom('shop_closed_days')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'kind', 'name'])
      .orderBy('day')
      .execute(),
  ]);
  return {
    working_weekdays: week ? [...week.working_weekdays].sort() : [...WEEKDAYS_ONLY.workingWeekdays],
    opens_at: week?.opens_at ?? WEEKDAYS_ONLY.opensAt,
    closes_at: week?.closes_at ?? WEEKDAYS_ONLY.closesAt,
    closed_days: closed.map((c) => ({ day: dayText(c.day), kind: c.kind as 'holiday' | 'blackout', name: c.name })),
    updated_at: (week?.updated_at ?? new Date(0)).toISOString(),
  };
}

/** Stores the whole calendar the owner sent (already validated) in one transaction and answers what is stored. */
export async function saveShopCalendar(db: Kysely<Database>, input: ShopCalendarInput): Promise<AdminShopCalendar> {
  await db.transaction().execute(async (trx) => {
    const week = { working_weekdays: input.working_weekdays, opens_at: input.opens_at, closes_at: input.closes_at };
    await trx
      .insertInto('shop_calendar')
      .values({ id: true, ...week })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...week, updated_at: sql`now()` }))
      .execute();
    await trx.deleteFrom('shop_closed_days').execute();
    if (input.closed_days.length) await trx.insertInto('shop_closed_days').values(input.closed_days).execute();
  });
  return adminShopCalendar(db);
}

/**
 * The US federal holidays of `year` from date-holidays (a maintained library), as closed days the
 * owner may add: the public holidays, a substitute day included (Jul 3 when Jul 4 is a Saturday).
 */
export function usFederalHolidays(year: number): ShopCalendarInput['closed_days'] {
  return new Holidays('US')
    .getHolidays(year)
    .filter((h) => h.type === 'public')
    .map((h) => ({ day: h.date.slice(0, 10), kind: 'holiday' as const, name: h.name.slice(0, 80) }));
}
