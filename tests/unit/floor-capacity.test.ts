import { describe, expect, it } from 'vitest';
import type { ShopCalendar } from '../../src/lib/calendar/shop-calendar.ts';
import { bandOf, type Booking, capacityGrid, laneDayLoad, lateJobs } from '../../src/lib/floor/capacity.ts';
import type { Lane } from '../../src/lib/floor/job-estimate.ts';

/** Weekdays, Thanksgiving (Thu 26 Nov 2026) shut. */
const calendar: ShopCalendar = {
  workingWeekdays: [1, 2, 3, 4, 5],
  opensAt: '08:00',
  closesAt: '17:00',
  closedDays: ['2026-11-26'],
};

const press: Lane = {
  id: 'press-1',
  name: 'Press 1',
  methods: ['screen_print'],
  minutesPerDay: 400,
  setup: { perJob: 20, perScreen: 10, perHooping: 0 },
  piecesPerHour: 60,
  locationRates: {},
};

const booking = (jobId: string, day: string, minutes: number, laneId = 'press-1'): Booking => ({
  jobId,
  laneId,
  day,
  minutes,
});

describe('a lane-day’s capacity: booked ÷ available, in colour bands', () => {
  it('is green under 75 %, amber from 75 % to 99 %, red from 100 %', () => {
    expect(bandOf(0, 400)).toBe('green');
    expect(bandOf(299, 400)).toBe('green');
    expect(bandOf(300, 400)).toBe('amber');
    expect(bandOf(399, 400)).toBe('amber');
    expect(bandOf(400, 400)).toBe('red');
    expect(bandOf(560, 400)).toBe('red');
  });

  it('adds the bookings of one lane on one day and reads the share in whole per cent, down', () => {
    const bookings = [
      booking('a', '2026-11-24', 250),
      booking('b', '2026-11-24', 148),
      booking('c', '2026-11-25', 100),
      booking('d', '2026-11-24', 300, 'press-2'),
    ];
    // 398 of 400 = 99.5 %: still amber, so it reads 99, not 100.
    expect(laneDayLoad(press, '2026-11-24', bookings, calendar)).toEqual({
      laneId: 'press-1',
      day: '2026-11-24',
      booked: 398,
      available: 400,
      percent: 99,
      band: 'amber',
    });
  });

  it('has no minutes on a holiday or a weekend: empty it is closed, booked it is red', () => {
    const grid = capacityGrid(
      [press],
      ['2026-11-25', '2026-11-26', '2026-11-28'],
      [booking('a', '2026-11-26', 60), booking('b', '2026-11-25', 560)],
      calendar,
    );
    expect(grid.map((c) => [c.day, c.booked, c.available, c.percent, c.band])).toEqual([
      ['2026-11-25', 560, 400, 140, 'red'],
      ['2026-11-26', 60, 0, null, 'red'],
      ['2026-11-28', 0, 0, null, 'closed'],
    ]);
  });
});

describe('a job scheduled after its due date', () => {
  it('is flagged late when its last day of work is after the due date', () => {
    const bookings = [
      booking('on-time', '2026-11-24', 100),
      booking('spills', '2026-11-24', 300),
      booking('spills', '2026-11-25', 80),
      booking('after', '2026-11-30', 50),
      booking('due-day', '2026-11-27', 50),
    ];
    const due = new Map([
      ['on-time', '2026-11-25'],
      ['spills', '2026-11-24'],
      ['after', '2026-11-27'],
      ['due-day', '2026-11-27'],
      ['unscheduled', '2026-11-20'],
    ]);
    expect(lateJobs(bookings, due)).toEqual([
      { jobId: 'spills', finish: '2026-11-25', due: '2026-11-24' },
      { jobId: 'after', finish: '2026-11-30', due: '2026-11-27' },
    ]);
  });
});
