import { isWorkingDay, type ShopCalendar } from '../calendar/shop-calendar.ts';
import type { Lane } from './job-estimate.ts';

/**
 * A lane-day's load on the schedule board (issue 46): minutes booked ÷ minutes available, in
 * colour bands (green under 75 %, amber 75-99 %, red from 100 %), and the jobs whose last day of
 * work falls after their due date. Days are calendar days ('YYYY-MM-DD') on the shop's clock.
 */

/** Minutes of one job's work put on one lane on one day (a job spilling over days has several). */
export interface Booking {
  jobId: string;
  laneId: string;
  day: string;
  minutes: number;
}

/** 'closed': a day the shop does not work with nothing booked on it; work on a closed day is red. */
export type Band = 'green' | 'amber' | 'red' | 'closed';

export interface LaneDayLoad {
  laneId: string;
  day: string;
  booked: number;
  available: number;
  /** Booked ÷ available in whole per cent, rounded down (99.6 % is amber, so it reads 99); null on a closed day. */
  percent: number | null;
  band: Band;
}

/** A lane's minutes on `day`: its minutes per working day, none on a weekend, holiday or blackout day. */
export const availableMinutes = (lane: Lane, calendar: ShopCalendar, day: string): number =>
  isWorkingDay(calendar, day) ? lane.minutesPerDay : 0;

const key = (laneId: string, day: string) => `${laneId}\u0000${day}`;

/** Minutes booked per lane-day, for many look-ups (the board, the planner). */
export class BookedMinutes {
  readonly #minutes = new Map<string, number>();

  constructor(bookings: readonly Booking[] = []) {
    for (const b of bookings) this.add(b.laneId, b.day, b.minutes);
  }

  get(laneId: string, day: string): number {
    return this.#minutes.get(key(laneId, day)) ?? 0;
  }

  add(laneId: string, day: string, minutes: number): void {
    this.#minutes.set(key(laneId, day), this.get(laneId, day) + minutes);
  }
}

/** The colour of `booked` out of `available` minutes. */
export function bandOf(booked: number, available: number): Band {
  if (available <= 0) return booked > 0 ? 'red' : 'closed';
  const share = booked / available;
  if (share >= 1) return 'red';
  return share >= 0.75 ? 'amber' : 'green';
}

function load(lane: Lane, day: string, booked: number, calendar: ShopCalendar): LaneDayLoad {
  const available = availableMinutes(lane, calendar, day);
  const percent = available > 0 ? Math.floor((booked * 100) / available) : null;
  return { laneId: lane.id, day, booked, available, percent, band: bandOf(booked, available) };
}

/** One lane-day's load. */
export function laneDayLoad(
  lane: Lane,
  day: string,
  bookings: readonly Booking[],
  calendar: ShopCalendar,
): LaneDayLoad {
  const booked = bookings.filter((b) => b.laneId === lane.id && b.day === day).reduce((s, b) => s + b.minutes, 0);
  return load(lane, day, booked, calendar);
}

/** The board's capacity bars: every lane on every day, lanes in the order given, then days. */
export function capacityGrid(
  lanes: readonly Lane[],
  days: readonly string[],
  bookings: readonly Booking[],
  calendar: ShopCalendar,
): LaneDayLoad[] {
  const booked = new BookedMinutes(bookings);
  return lanes.flatMap((lane) => days.map((day) => load(lane, day, booked.get(lane.id, day), calendar)));
}

export interface LateJob {
  jobId: string;
  /** The last day the job has work booked. */
  finish: string;
  due: string;
}

/**
 * The jobs scheduled to finish after their due date: a job is done on the last day it has work
 * booked, so one spilling past its due date is late even if it starts in time. Jobs without a due
 * date are never late. In the order of `dueDays`.
 */
export function lateJobs(bookings: readonly Booking[], dueDays: ReadonlyMap<string, string>): LateJob[] {
  const finish = new Map<string, string>();
  for (const b of bookings) {
    const last = finish.get(b.jobId);
    if (b.minutes > 0 && (last === undefined || b.day > last)) finish.set(b.jobId, b.day);
  }
  const late: LateJob[] = [];
  for (const [jobId, due] of dueDays) {
    const last = finish.get(jobId);
    if (last !== undefined && last > due) late.push({ jobId, finish: last, due });
  }
  return late;
}
