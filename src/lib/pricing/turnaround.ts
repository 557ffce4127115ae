import { type Job, PricingInputError, type PricedJob } from './job.ts';
import type { TurnaroundList } from './lists.ts';
import { addWorkingDays, type ShopCalendar } from '../calendar/shop-calendar.ts';

/**
 * The rush surcharge: the option's percent of the lines and the one-time fees together (a rush
 * job burns screens and setup time as much as prints), rounded to the cent. No turnaround list
 * or no rush chosen: standard, no surcharge.
 */
export function rushCharge(turnaround: Job['turnaround'], baseCents: number): PricedJob['rush'] {
  if (!turnaround || turnaround.rush === null) return null;
  const option = turnaround.list.data.rush.find((r) => r.code === turnaround.rush);
  if (!option) {
    const offered = turnaround.list.data.rush.map((r) => r.label);
    throw new PricingInputError(
      'turnaround.rush',
      offered.length
        ? `That rush option is not offered; choose standard turnaround or one of: ${offered.join('; ')}.`
        : 'This product has standard turnaround only.',
    );
  }
  return {
    code: option.code,
    label: option.label,
    percent: option.percent,
    cents: Math.round((baseCents * option.percent) / 100),
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day a job is ready: `businessDays` working days of the shop's calendar (its weekdays,
 * holidays and blackout days) after proof approval on `approvedOn` (YYYY-MM-DD). Returns the
 * date and the words the product page and cart show ("Ready by Tue, Dec 8").
 */
export function readyBy(
  approvedOn: string,
  businessDays: number,
  calendar: ShopCalendar,
): { date: string; words: string } {
  const start = new Date(`${approvedOn}T00:00:00Z`);
  if (!ISO_DATE.test(approvedOn) || Number.isNaN(start.getTime()) || isoDate(start) !== approvedOn) {
    throw new RangeError(`readyBy: "${approvedOn}" is not a YYYY-MM-DD date.`);
  }
  if (!Number.isInteger(businessDays) || businessDays < 0) {
    throw new RangeError(`readyBy: ${businessDays} is not a whole number of business days.`);
  }
  const date = addWorkingDays(calendar, approvedOn, businessDays);
  return { date, words: `Ready by ${READY_BY.format(new Date(`${date}T00:00:00Z`))}` };
}

/** "Tue, Dec 8" */
const READY_BY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

const isoDate = (day: Date) => day.toISOString().slice(0, 10);

/** A turnaround choice as the product page and cart name it: "Rush, 7 business days: Ready by Tue, Dec 8 (+50 %)". */
export function turnaroundWords(choice: Pick<TurnaroundChoice, 'label' | 'words' | 'percent'>): string {
  return `${choice.label}: ${choice.words}${choice.percent > 0 ? ` (+${choice.percent} %)` : ''}`;
}

export interface TurnaroundChoice {
  /** null: standard. */
  code: string | null;
  label: string;
  percent: number;
  businessDays: number;
  date: string;
  words: string;
}

/** The option a job is priced with: standard (`rush` null) or that rush option; null when the list has no such option. */
export function chosenTurnaround(
  list: TurnaroundList,
  rush: string | null,
): Pick<TurnaroundChoice, 'code' | 'label' | 'percent' | 'businessDays'> | null {
  if (rush === null) return { code: null, label: 'Standard', percent: 0, businessDays: list.standard_days };
  const option = list.rush.find((r) => r.code === rush);
  return option
    ? { code: option.code, label: option.label, percent: option.percent, businessDays: option.business_days }
    : null;
}

/** Standard and each rush option with the date it buys, for proof approval on `approvedOn`. */
export function turnaroundChoices(
  list: TurnaroundList,
  approvedOn: string,
  calendar: ShopCalendar,
): TurnaroundChoice[] {
  return [
    { code: null, label: 'Standard', percent: 0, businessDays: list.standard_days },
    ...list.rush.map((r) => ({ code: r.code, label: r.label, percent: r.percent, businessDays: r.business_days })),
  ].map((choice) => ({ ...choice, ...readyBy(approvedOn, choice.businessDays, calendar) }));
}
