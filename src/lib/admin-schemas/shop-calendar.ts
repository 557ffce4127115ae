import { z } from '../zod.ts';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (day: string) =>
  ISO_DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

const time = (what: string) =>
  z
    .string(`Type the time the shop ${what}, e.g. 09:00.`)
    .regex(HH_MM, `Type the time the shop ${what} as HH:MM, e.g. 17:00.`);

export const CLOSED_DAY_KINDS = ['holiday', 'blackout'] as const;
export type ClosedDayKind = (typeof CLOSED_DAY_KINDS)[number];

const closedDay = z.strictObject({
  day: z.string('Pick the day.').refine(isCalendarDay, 'That date does not exist: pick the day the shop is shut.'),
  kind: z.enum(CLOSED_DAY_KINDS, 'Choose holiday or blackout day.'),
  name: z
    .string('Name the day, e.g. Christmas Day.')
    .trim()
    .min(1, 'Name the day, e.g. Christmas Day.')
    .max(80, 'Keep the name to 80 characters.'),
});

/**
 * PUT /api/admin/shop-calendar (issue 46): the working weekdays (ISO 1 Monday … 7 Sunday), the
 * hours, and every day the shop is shut although it is a working weekday, holidays and blackout
 * days alike. The whole set is sent; days left out are no longer closed.
 */
export const shopCalendarSchema = z
  .strictObject({
    working_weekdays: z
      .array(z.number().int().min(1).max(7), 'Tick the days the shop works.')
      .min(1, 'Tick at least one working day: no date could be promised otherwise.')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Tick each day once.'),
    opens_at: time('opens'),
    closes_at: time('closes'),
    closed_days: z.array(closedDay).max(1000, 'Keep the list to 1,000 closed days; remove past ones.'),
  })
  .superRefine((input, ctx) => {
    if (input.opens_at >= input.closes_at) {
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: 'The shop closes after it opens.' });
    }
    const seen = new Set<string>();
    input.closed_days.forEach((d, i) => {
      if (seen.has(d.day)) {
        ctx.addIssue({ code: 'custom', path: ['closed_days', i, 'day'], message: 'That day is listed twice.' });
      }
      seen.add(d.day);
    });
  });
export type ShopCalendarInput = z.infer<typeof shopCalendarSchema>;

/** GET (and the answer of PUT) /api/admin/shop-calendar: the closed days in date order. */
export interface AdminShopCalendar extends ShopCalendarInput {
  updated_at: string;
}

/** GET /api/admin/shop-calendar/us-holidays?year=: the US federal holidays of that year, to add to the list. */
export const holidayYearSchema = z.strictObject({
  year: z.coerce
    .number('Type a year, e.g. 2027.')
    .int('Type a year, e.g. 2027.')
    .min(2000, 'Pick a year from 2000 to 2100.')
    .max(2100, 'Pick a year from 2000 to 2100.'),
});
