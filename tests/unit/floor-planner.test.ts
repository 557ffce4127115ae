import { describe, expect, it } from 'vitest';
import type { ShopCalendar } from '../../src/lib/calendar/shop-calendar.ts';
import { type Booking, capacityGrid, lateJobs } from '../../src/lib/floor/capacity.ts';
import type { Lane } from '../../src/lib/floor/job-estimate.ts';
import { type PlanJob, planForMe } from '../../src/lib/floor/planner.ts';

/** Weekdays; Thanksgiving, Thu 26 Nov 2026, shut. The week: Mon 23, Tue 24, Wed 25, Fri 27. */
const calendar: ShopCalendar = {
  workingWeekdays: [1, 2, 3, 4, 5],
  opensAt: '08:00',
  closesAt: '17:00',
  closedDays: ['2026-11-26'],
};
const MON = '2026-11-23';
const TUE = '2026-11-24';
const WED = '2026-11-25';
const THU = '2026-11-26';
const FRI = '2026-11-27';

/** A job of one front print on Press 1 takes 20 + 10 × colours + pieces minutes (60 an hour). */
const press1: Lane = {
  id: 'press-1',
  name: 'Press 1',
  methods: ['screen_print'],
  minutesPerDay: 300,
  setup: { perJob: 20, perScreen: 10, perHooping: 0 },
  piecesPerHour: 60,
  locationRates: {},
};
/** On Press 2: 30 + 10 × colours + pieces. */
const press2: Lane = {
  ...press1,
  id: 'press-2',
  name: 'Press 2',
  minutesPerDay: 240,
  setup: { ...press1.setup, perJob: 30 },
};
/** On the embroidery machine: 10 + a hooping a piece + 5 min a piece (12 an hour) = 10 + 6 × pieces. */
const embroidery: Lane = {
  id: 'emb',
  name: 'Embroidery',
  methods: ['embroidery'],
  minutesPerDay: 240,
  setup: { perJob: 10, perScreen: 0, perHooping: 1 },
  piecesPerHour: 12,
  locationRates: {},
};
const lanes = [press1, press2, embroidery];

const screen = (id: string, due: string, colors: number, pieces: number, rush = false): PlanJob => ({
  id,
  rush,
  due,
  prints: [{ method: 'screen_print', location: 'front', colors, pieces }],
});
const stitched = (id: string, due: string, pieces: number, rush = false): PlanJob => ({
  id,
  rush,
  due,
  prints: [{ method: 'embroidery', location: 'left_chest', pieces }],
});
const manual = (jobId: string, laneId: string, day: string, minutes: number): Booking => ({
  jobId,
  laneId,
  day,
  minutes,
});

describe('Plan for me: a hand-worked week of 20 jobs on two presses and an embroidery machine', () => {
  // Placed by hand before planning: Press 1 has 100 min on Monday, embroidery is full on Tuesday.
  const scheduled = [manual('M1', 'press-1', MON, 100), manual('M2', 'emb', TUE, 240)];
  const jobs: PlanJob[] = [
    screen('J01', FRI, 3, 120), //            P1 170, P2 180
    screen('J02', TUE, 1, 70), //             P1 100, P2 110
    stitched('J03', WED, 30), //              190
    screen('J04', MON, 2, 150), //            P1 190, P2 200
    screen('J05', TUE, 2, 60, true), //       P1 100, P2 110, rush
    { id: 'J06', rush: false, due: WED, prints: [{ method: 'dtg', location: 'front', pieces: 10 }] },
    screen('J07', FRI, 4, 400), //            P1 460, P2 470
    {
      id: 'J08',
      rush: false,
      due: TUE,
      prints: [
        { method: 'screen_print', location: 'front', colors: 1, pieces: 24 },
        { method: 'embroidery', location: 'left_chest', pieces: 24 },
      ],
    },
    screen('J09', MON, 1, 300), //            P1 330, P2 340
    stitched('J10', FRI, 40), //              250
    screen('J11', WED, 1, 90), //             P1 120, P2 130
    stitched('J12', MON, 20, true), //        130, rush
    screen('J13', THU, 2, 200), //            P1 240, P2 250, due on the holiday
    screen('J14', '2026-11-20', 1, 10), //    due last Friday
    screen('J15', FRI, 1, 50), //             P1 80, P2 90
    stitched('J16', WED, 25), //              160
    screen('J17', FRI, 6, 600), //            P1 680, P2 690
    screen('J18', WED, 1, 150, true), //      P1 180, P2 190, rush
    screen('J19', TUE, 1, 40), //             P1 70, P2 80
    stitched('J20', FRI, 10), //              70
  ];
  const plan = planForMe({ jobs, lanes, scheduled, calendar, from: MON });

  /*
   * Worked by hand, in plan order (rush by due date, then the rest by due date, then id). Free
   * minutes before: P1 Mon 200, Tue-Fri 300; P2 240 a day; Emb Mon 240, Tue 0, Wed 240, Fri 240.
   * J12 Emb Mon 130. J05 P1 Mon (P2 Mon too; P1 takes fewer minutes). J18 P2 Mon (P1 would
   * finish Tue). J14 past. J04, J09 need Monday: P1 has 100 left, P2 50. J02 P1 Mon 100 (P1 Mon
   * now full). J08 two methods. J19 P1 Tue (P2 Mon 50 + Tue 30 also ends Tue; P1 fewer minutes).
   * J03 Emb Mon 110 + Wed 80. J06 DTG. J11 P1 Tue 120 (P1 Tue left 110). J16 Emb Wed 160 (full).
   * J13 by Wed (Thu is the holiday): P1 Tue 110 + Wed 130 ends Wed, P2 Mon 50 + Tue 200 ends Tue.
   * J01 P1 Tue 110 + Wed 60 ends Wed, P2 Tue 40 + Wed 140 too; P1 fewer. J07 P1 Wed 240 + Fri 220
   * (past the holiday), P2 Tue 40 + Wed 240 + Fri 190 also Fri; P1 fewer. J10 Emb has Fri 240 only.
   * J15 P1 Fri 80 ends Fri, P2 Tue 40 + Wed 50 ends Wed. J17 P1 has 80 free, P2 Wed 190 + Fri 240.
   * J20 Emb Fri 70.
   */
  it('places every job it can where the hand-worked plan does, in plan order', () => {
    const table = plan.placements.map((p) => [
      p.jobId,
      p.laneId,
      p.minutes,
      p.days.map((d) => `${d.day} ${d.minutes}`),
      p.finish,
    ]);
    expect(table).toEqual([
      ['J12', 'emb', 130, [`${MON} 130`], MON],
      ['J05', 'press-1', 100, [`${MON} 100`], MON],
      ['J18', 'press-2', 190, [`${MON} 190`], MON],
      ['J02', 'press-1', 100, [`${MON} 100`], MON],
      ['J19', 'press-1', 70, [`${TUE} 70`], TUE],
      ['J03', 'emb', 190, [`${MON} 110`, `${WED} 80`], WED],
      ['J11', 'press-1', 120, [`${TUE} 120`], TUE],
      ['J16', 'emb', 160, [`${WED} 160`], WED],
      ['J13', 'press-2', 250, [`${MON} 50`, `${TUE} 200`], TUE],
      ['J01', 'press-1', 170, [`${TUE} 110`, `${WED} 60`], WED],
      ['J07', 'press-1', 460, [`${WED} 240`, `${FRI} 220`], FRI],
      ['J15', 'press-2', 90, [`${TUE} 40`, `${WED} 50`], WED],
      ['J20', 'emb', 70, [`${FRI} 70`], FRI],
    ]);
  });

  it('says in words why it could not place the rest', () => {
    expect(plan.refusals).toEqual([
      { jobId: 'J14', reason: 'Due Fri, Nov 20, 2026: that day has passed' },
      { jobId: 'J04', reason: 'Needs 190 min by Mon, Nov 23, 2026; 100 min free on Press 1' },
      { jobId: 'J09', reason: 'Needs 330 min by Mon, Nov 23, 2026; 100 min free on Press 1' },
      { jobId: 'J08', reason: 'No one lane does screen print and embroidery' },
      { jobId: 'J06', reason: 'No lane does DTG (direct to garment)' },
      { jobId: 'J10', reason: 'Needs 250 min by Fri, Nov 27, 2026; 240 min free on Embroidery' },
      { jobId: 'J17', reason: 'Needs 690 min by Fri, Nov 27, 2026; 430 min free on Press 2' },
    ]);
  });

  it('overbooks no lane-day, books nothing on the holiday and makes no job late', () => {
    const all = [...scheduled, ...plan.bookings];
    const grid = capacityGrid(lanes, [MON, TUE, WED, THU, FRI], all, calendar);
    expect(grid.filter((c) => c.booked > c.available)).toEqual([]);
    expect(all.filter((b) => b.day === THU)).toEqual([]);
    expect(lateJobs(all, new Map(jobs.map((j) => [j.id, j.due])))).toEqual([]);
  });
});

describe('Plan for me, one rule at a time', () => {
  it('leaves manual placements where they are and counts them against capacity', () => {
    const scheduled = [manual('hand', 'press-1', MON, 300)];
    const plan = planForMe({
      jobs: [screen('hand', MON, 1, 10), screen('new', WED, 1, 80)],
      lanes: [press1],
      scheduled,
      calendar,
      from: MON,
    });
    // 'hand' is already on the board: not placed again. Monday is full, so 'new' (20 + 10 + 80 = 110 min) runs Tuesday.
    expect(plan.placements.map((p) => [p.jobId, p.days])).toEqual([['new', [{ day: TUE, minutes: 110 }]]]);
    expect(plan.refusals).toEqual([]);
  });

  it('places rush jobs first, even before a plain job due earlier', () => {
    const plan = planForMe({
      jobs: [screen('plain', MON, 1, 270), screen('rush', FRI, 1, 270, true)],
      lanes: [press1],
      scheduled: [],
      calendar,
      from: MON,
    });
    // Each takes the whole of a 300-minute day: the rush job gets Monday, the plain one cannot make it.
    expect(plan.placements.map((p) => [p.jobId, p.finish])).toEqual([['rush', MON]]);
    expect(plan.refusals).toEqual([
      { jobId: 'plain', reason: 'Needs 300 min by Mon, Nov 23, 2026; 0 min free on Press 1' },
    ]);
  });

  it('refuses a job no lane can do', () => {
    const plan = planForMe({
      jobs: [stitched('hats', FRI, 12)],
      lanes: [press1, press2],
      scheduled: [],
      calendar,
      from: MON,
    });
    expect(plan).toEqual({
      placements: [],
      bookings: [],
      refusals: [{ jobId: 'hats', reason: 'No lane does embroidery' }],
    });
  });

  it('refuses a due date in the past and books nothing for it', () => {
    const plan = planForMe({ jobs: [screen('late', '2026-11-22', 1, 10)], lanes, scheduled: [], calendar, from: MON });
    expect(plan).toEqual({
      placements: [],
      bookings: [],
      refusals: [{ jobId: 'late', reason: 'Due Sun, Nov 22, 2026: that day has passed' }],
    });
  });

  it('gives the same plan whatever order the jobs and bookings come in', () => {
    const jobs = [screen('b', WED, 1, 100), screen('a', WED, 1, 100), screen('c', TUE, 1, 250)];
    const one = planForMe({ jobs, lanes: [press1, press2], scheduled: [], calendar, from: MON });
    const other = planForMe({ jobs: [...jobs].reverse(), lanes: [press1, press2], scheduled: [], calendar, from: MON });
    expect(other).toEqual(one);
    // c (due first): P1 280 min ends Mon, P2 290 would end Tue. a (id before b): P1 has 20 left Mon so ends
    // Tue, P2 140 ends Mon. b: P1 20 Mon + 110 Tue, P2 100 Mon + 40 Tue, both end Tue; P1 takes fewer minutes.
    expect(one.placements.map((p) => [p.jobId, p.laneId, p.days.map((d) => d.day)])).toEqual([
      ['c', 'press-1', [MON]],
      ['a', 'press-2', [MON]],
      ['b', 'press-1', [MON, TUE]],
    ]);
  });
});

describe('Plan for me on the calendar’s edges', () => {
  it('spills over a weekend, a blackout day and the end of daylight saving time by calendar days', () => {
    // Clocks go back Sun 1 Nov 2026; Mon 2 Nov is a blackout day. Fri 30 Oct, then Tue 3 Nov.
    const shut: ShopCalendar = { ...calendar, closedDays: ['2026-11-02'] };
    const plan = planForMe({
      jobs: [screen('big', '2026-11-03', 2, 400)],
      lanes: [press1],
      scheduled: [],
      calendar: shut,
      from: '2026-10-30',
    });
    // 20 + 20 + 400 = 440 min: 300 on Friday, 140 on Tuesday.
    expect(plan.placements[0]?.days).toEqual([
      { day: '2026-10-30', minutes: 300 },
      { day: '2026-11-03', minutes: 140 },
    ]);
  });

  it('refuses input that is not a plan instead of looping or promising nonsense', () => {
    const base = { lanes: [press1], scheduled: [], calendar, from: MON };
    expect(() => planForMe({ ...base, jobs: [screen('x', 'tomorrow', 1, 10)] })).toThrow(
      'Job x has due date "tomorrow", not a day (YYYY-MM-DD)',
    );
    expect(() => planForMe({ ...base, jobs: [screen('x', '2026-02-30', 1, 10)] })).toThrow(RangeError);
    expect(() => planForMe({ ...base, jobs: [], from: '23/11/2026' })).toThrow(RangeError);
    expect(() => planForMe({ ...base, lanes: [{ ...press1, minutesPerDay: Number.NaN }], jobs: [] })).toThrow(
      'Press 1 has no minutes per day',
    );
  });
});

describe('Plan for me with an empty print', () => {
  it('plans a job by the prints that have pieces, ignoring a method with none', () => {
    const job: PlanJob = {
      id: 'tees',
      rush: false,
      due: FRI,
      prints: [
        { method: 'screen_print', location: 'front', colors: 1, pieces: 10 },
        { method: 'embroidery', location: 'left_chest', pieces: 0 },
      ],
    };
    const plan = planForMe({ jobs: [job], lanes: [press1], scheduled: [], calendar, from: MON });
    expect(plan.placements.map((p) => [p.jobId, p.laneId, p.minutes])).toEqual([['tees', 'press-1', 40]]);
  });
});
