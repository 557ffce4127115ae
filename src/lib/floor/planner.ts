import { isWorkingDay, type ShopCalendar } from '../calendar/shop-calendar.ts';
import { METHOD_NAMES } from '../pricing/list-methods.ts';
import { addDays, shopDateWords } from '../site/shop-time.ts';
import { availableMinutes, BookedMinutes, type Booking } from './capacity.ts';
import { estimateOnLane, type JobPrint, type Lane } from './job-estimate.ts';

/**
 * "Plan for me" on the schedule board (issue 46): puts the unscheduled approved jobs into the
 * earliest working-day slots of the shop calendar that meet their due dates, within each lane's
 * minutes and the methods it can do. Placements already on the board (the owner's, by hand) stay
 * where they are and count against capacity; the planner only adds.
 *
 * Order: rush jobs first, then by due date, then by job id. A job goes on the one lane that can do
 * all of its prints and finishes it earliest; on a tie, the lane where it takes fewer minutes, then
 * the lane listed first. Same input, same plan.
 *
 * A job may spill over several working days on its lane: it takes the free minutes of the earliest
 * days in turn (after the work already booked on a day) until its estimated minutes are covered,
 * and finishes on the last of them. Why: an estimate is lane minutes, not days, and a 600-piece run
 * is longer than a press's day; refusing what does not fit one day would refuse every big order,
 * and starting big jobs only on an empty day would leave each day's end idle. It stays on one lane
 * because its screens or hoops are set up there (the estimate counts that setup once); moving it
 * halfway would pay the setup again. Weekends, holidays and blackout days give no minutes.
 *
 * What it cannot place it says why, in words: a due date already past, a method no lane does, no
 * single lane doing all of a job's methods, or too few free minutes by the due date on the lane
 * that has the most.
 */
export interface PlanJob {
  id: string;
  rush: boolean;
  /** Due date, 'YYYY-MM-DD' on the shop's clock: the job's work must be done on or before it. */
  due: string;
  prints: readonly JobPrint[];
}

export interface Placement {
  jobId: string;
  laneId: string;
  /** The job's estimated minutes on that lane. */
  minutes: number;
  /** The days it runs and its minutes on each, in order. */
  days: { day: string; minutes: number }[];
  finish: string;
}

export interface Refusal {
  jobId: string;
  reason: string;
}

export interface PlanInput {
  jobs: readonly PlanJob[];
  lanes: readonly Lane[];
  /** Work already on the board (placed by hand or earlier); never moved. */
  scheduled: readonly Booking[];
  calendar: ShopCalendar;
  /** The first day the plan may use (today on the shop's clock). */
  from: string;
}

export interface Plan {
  placements: Placement[];
  /** The placements as bookings, one per job, lane and day. */
  bookings: Booking[];
  refusals: Refusal[];
}

/** Rush first, then the earliest due date, then the job id. */
const planOrder = (a: PlanJob, b: PlanJob) =>
  Number(b.rush) - Number(a.rush) || a.due.localeCompare(b.due) || a.id.localeCompare(b.id);

/** A method in the owner's words, inside a sentence ("screen print", "DTG (direct to garment)"). */
function methodWords(method: string): string {
  const name = (METHOD_NAMES as Record<string, string>)[method] ?? method.replaceAll('_', ' ');
  return /^[A-Z][A-Z]/.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** The working days from `from` to `last`, inclusive. */
function workingDays(calendar: ShopCalendar, from: string, last: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= last; day = addDays(day, 1)) if (isWorkingDay(calendar, day)) days.push(day);
  return days;
}

/** Why no lane can take the job whatever its capacity, or null when one can. */
function methodRefusal(job: PlanJob, lanes: readonly Lane[]): string | null {
  const methods = [...new Set(job.prints.filter((p) => p.pieces > 0).map((p) => p.method))];
  if (methods.length === 0) return 'Nothing to print: the job has no decorated pieces';
  const missing = methods.filter((m) => !lanes.some((lane) => lane.methods.includes(m)));
  if (missing.length > 0) return `No lane does ${missing.map(methodWords).join(' or ')}`;
  if (lanes.some((lane) => methods.every((m) => lane.methods.includes(m)))) return null;
  return `No one lane does ${methods.map(methodWords).join(' and ')}`;
}

interface Fit {
  lane: Lane;
  index: number;
  minutes: number;
  days: { day: string; minutes: number }[];
  /** The day its last minute is done, or null when the lane has too few minutes by the due date. */
  finish: string | null;
  /** The lane's free minutes up to the due date (all of them, when it does not fit). */
  free: number;
}

/** Fills the lane's free minutes of the earliest working days, up to the due date. */
function fitOnLane(lane: Lane, index: number, minutes: number, due: string, ctx: Context): Fit {
  const fit: Fit = { lane, index, minutes, days: [], finish: null, free: 0 };
  let left = minutes;
  for (const day of ctx.days) {
    if (day > due) break;
    const free = Math.max(0, availableMinutes(lane, ctx.calendar, day) - ctx.booked.get(lane.id, day));
    fit.free += free;
    const take = Math.min(free, left);
    if (take > 0) fit.days.push({ day, minutes: take });
    left -= take;
    if (left <= 0) {
      fit.finish = day;
      return fit;
    }
  }
  return fit;
}

/** Earliest finish, then fewer minutes, then the lane listed first. */
const better = (a: Fit, b: Fit) =>
  (a.finish as string).localeCompare(b.finish as string) || a.minutes - b.minutes || a.index - b.index;

/** The most free minutes, then the lane listed first: the lane a refusal names. */
const roomier = (a: Fit, b: Fit) => b.free - a.free || a.index - b.index;

interface Context {
  lanes: readonly Lane[];
  calendar: ShopCalendar;
  booked: BookedMinutes;
  days: readonly string[];
  from: string;
}

/** The job's place, or the words saying why it has none. */
function placeJob(job: PlanJob, ctx: Context): Fit | string {
  if (job.due < ctx.from) return `Due ${shopDateWords(job.due)}: that day has passed`;
  const methodReason = methodRefusal(job, ctx.lanes);
  if (methodReason) return methodReason;
  const prints = job.prints.filter((p) => p.pieces > 0);
  const fits: Fit[] = [];
  ctx.lanes.forEach((lane, index) => {
    const estimate = estimateOnLane(lane, prints);
    if (estimate.refused.length === 0) fits.push(fitOnLane(lane, index, estimate.minutes, job.due, ctx));
  });
  const placed = fits.filter((f) => f.finish !== null).sort(better);
  if (placed[0]) return placed[0];
  const closest = fits.sort(roomier)[0] as Fit;
  return `Needs ${closest.minutes} min by ${shopDateWords(job.due)}; ${closest.free} min free on ${closest.lane.name}`;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (day: string) => ISO_DAY.test(day) && addDays(day, 0) === day;

/** Throws on input that is not a plan: a day that is not one would never end the walk over days. */
function checkInput(input: PlanInput): void {
  if (!isDay(input.from)) throw new RangeError(`The plan starts on "${input.from}", not a day (YYYY-MM-DD)`);
  for (const job of input.jobs) {
    if (!isDay(job.due)) throw new RangeError(`Job ${job.id} has due date "${job.due}", not a day (YYYY-MM-DD)`);
  }
  for (const lane of input.lanes) {
    if (!(Number.isFinite(lane.minutesPerDay) && lane.minutesPerDay >= 0))
      throw new RangeError(`${lane.name} has no minutes per day: it cannot be planned`);
  }
}

/** Plan for me: places what it can, says why for the rest. Throws a RangeError on input that is not a plan. */
export function planForMe(input: PlanInput): Plan {
  checkInput(input);
  const onBoard = new Set(input.scheduled.map((b) => b.jobId));
  const jobs = input.jobs.filter((job) => !onBoard.has(job.id)).sort(planOrder);
  const lastDue = jobs.reduce((last, job) => (job.due > last ? job.due : last), input.from);
  const ctx: Context = {
    lanes: input.lanes,
    calendar: input.calendar,
    booked: new BookedMinutes(input.scheduled),
    days: workingDays(input.calendar, input.from, lastDue),
    from: input.from,
  };
  const plan: Plan = { placements: [], bookings: [], refusals: [] };
  for (const job of jobs) {
    const place = placeJob(job, ctx);
    if (typeof place === 'string') {
      plan.refusals.push({ jobId: job.id, reason: place });
      continue;
    }
    const finish = place.finish ?? input.from;
    plan.placements.push({ jobId: job.id, laneId: place.lane.id, minutes: place.minutes, days: place.days, finish });
    for (const d of place.days) {
      ctx.booked.add(place.lane.id, d.day, d.minutes);
      plan.bookings.push({ jobId: job.id, laneId: place.lane.id, day: d.day, minutes: d.minutes });
    }
  }
  return plan;
}
