import { describe, expect, it } from 'vitest';
import { estimateOnLane, type Lane, printsOfLines } from '../../src/lib/floor/job-estimate.ts';

/** A manual press: 15 min a job, 10 min a screen, 60 pieces an hour a location, sleeves at 60 %. */
const press: Lane = {
  id: 'press-1',
  name: 'Manual press 1',
  methods: ['screen_print'],
  minutesPerDay: 420,
  setup: { perJob: 15, perScreen: 10, perHooping: 0 },
  piecesPerHour: 60,
  locationRates: { left_sleeve: 0.6, right_sleeve: 0.6 },
};

/** A single-head embroidery machine: 10 min a job, 1 min a hooping, 12 pieces an hour. */
const embroidery: Lane = {
  id: 'emb-1',
  name: 'Embroidery',
  methods: ['embroidery'],
  minutesPerDay: 480,
  setup: { perJob: 10, perScreen: 0, perHooping: 1 },
  piecesPerHour: 12,
  locationRates: {},
};

const line = (quantity: number, locations: { code: string; method: string; colors?: number }[]) => ({
  quantity,
  pricing: { inputs: { locations: locations.map((l) => ({ ...l, name: l.code })) } },
});

describe('a job’s estimated minutes on a lane: setups + pieces × locations ÷ rate', () => {
  it('groups the sizes of one design: its screens are burned once', () => {
    const prints = printsOfLines([
      line(24, [{ code: 'front', method: 'screen_print', colors: 2 }]),
      line(36, [
        { code: 'front', method: 'screen_print', colors: 2 },
        { code: 'left_sleeve', method: 'screen_print', colors: 1 },
      ]),
    ]);
    expect(prints).toEqual([
      { method: 'screen_print', location: 'front', colors: 2, pieces: 60 },
      { method: 'screen_print', location: 'left_sleeve', colors: 1, pieces: 36 },
    ]);
    // Setup 15 + 3 screens × 10 = 45; run 60 fronts at 60/h = 60 min, 36 sleeves at 36/h = 60 min.
    expect(estimateOnLane(press, prints)).toEqual({ setupMinutes: 45, runMinutes: 120, minutes: 165, refused: [] });
  });

  it('counts a hooping per piece and location on an embroidery machine', () => {
    const prints = printsOfLines([line(12, [{ code: 'left_chest', method: 'embroidery' }])]);
    // Setup 10 + 12 hoopings × 1; run 12 pieces at 12/h = 60 min.
    expect(estimateOnLane(embroidery, prints)).toEqual({ setupMinutes: 22, runMinutes: 60, minutes: 82, refused: [] });
  });

  it('rounds up to the whole minute and names the prints the lane cannot do', () => {
    const prints = printsOfLines([
      line(7, [
        { code: 'front', method: 'screen_print', colors: 1 },
        { code: 'left_chest', method: 'embroidery' },
      ]),
    ]);
    // 7 pieces at 60/h = 7 min; setup 15 + 10.
    expect(estimateOnLane(press, prints)).toEqual({
      setupMinutes: 25,
      runMinutes: 7,
      minutes: 32,
      refused: [{ method: 'embroidery', location: 'left_chest', pieces: 7 }],
    });
    // 5 sleeves at 36/h = 8.33 min → 9.
    const sleeves = printsOfLines([line(5, [{ code: 'right_sleeve', method: 'screen_print', colors: 1 }])]);
    expect(estimateOnLane(press, sleeves).runMinutes).toBe(9);
  });

  it('has nothing to do for a job without prints of its methods', () => {
    const prints = printsOfLines([
      line(10, [{ code: 'left_chest', method: 'embroidery' }]),
      { quantity: 4, pricing: null },
    ]);
    expect(estimateOnLane(press, prints)).toMatchObject({ minutes: 0, setupMinutes: 0 });
  });

  it('refuses a lane with no run rate instead of promising endless minutes', () => {
    const prints = printsOfLines([line(10, [{ code: 'front', method: 'screen_print', colors: 1 }])]);
    expect(() => estimateOnLane({ ...press, piecesPerHour: 0 }, prints)).toThrow(RangeError);
  });
});
