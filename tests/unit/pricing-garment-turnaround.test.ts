import { describe, expect, it } from 'vitest';
import { priceCart } from '../../src/lib/pricing/cart-totals.ts';
import { cartLines, priceJob } from '../../src/lib/pricing/price-job.ts';
import { WEEKDAYS_ONLY } from '../../src/lib/calendar/shop-calendar.ts';
import { readyBy, turnaroundChoices } from '../../src/lib/pricing/turnaround.ts';
import { contractScreenPrint, garmentList, line, print, turnaroundList } from '../support/price-list-fixtures.ts';

/** A $12 tee: $10 from 12 pieces, $8 from 48. */
const teeBlank = {
  price_cents: 1200,
  tiers: [
    { min_quantity: 48, unit_price_cents: 800 },
    { min_quantity: 12, unit_price_cents: 1000 },
  ],
};

describe('garments: the blank at its tiers and size upcharges', () => {
  it('counts every line of the product for its tiers (3 S + 6 M + 3 L reach the 12-piece break)', () => {
    const priced = priceJob({
      lines: [
        line({ key: 's', quantity: 3, sizeName: 'S', blank: teeBlank }),
        line({ key: 'm', quantity: 6, sizeName: 'M', blank: teeBlank }),
        line({ key: 'l', quantity: 3, sizeName: 'L', blank: teeBlank }),
      ],
      turnaround: null,
    });
    expect(priced.lines.map((l) => l.unit_cents)).toEqual([1000, 1000, 1000]);
    expect(priced.lines[0]!.parts).toEqual([{ kind: 'blank', label: 'Garment', unit_cents: 1000 }]);
  });

  it('keeps products apart: by id when given, else by name', () => {
    const priced = priceJob({
      lines: [
        line({ key: 'a', productId: 'tee-black', quantity: 6, blank: teeBlank }),
        line({ key: 'b', productId: 'tee-white', quantity: 6, blank: teeBlank }),
        line({ key: 'c', productName: 'Crew', quantity: 6, blank: teeBlank }),
        line({ key: 'd', productName: 'Crew', quantity: 6, blank: teeBlank }),
      ],
      turnaround: null,
    });
    expect(priced.lines.map((l) => l.unit_cents)).toEqual([1200, 1200, 1000, 1000]);
  });

  it('adds the size upcharge by the size name, whatever its case (2XL +$2, 3XL +$3)', () => {
    const sized = (sizeName: string | null) =>
      priceJob({
        lines: [line({ key: 'a', quantity: 1, sizeName, blank: teeBlank, garment: garmentList })],
        turnaround: null,
      }).lines[0]!;
    expect(sized('M').unit_cents).toBe(1200);
    expect(sized(null).unit_cents).toBe(1200);
    expect(sized('2XL').unit_cents).toBe(1400);
    expect(sized('3xl').unit_cents).toBe(1500);
    expect(sized(' 5XL ').unit_cents).toBe(1600);
    expect(sized('2XL').parts).toEqual([
      { kind: 'blank', label: 'Garment', unit_cents: 1200 },
      { kind: 'size_upcharge', label: 'Size 2XL', unit_cents: 200 },
    ]);
  });
});

describe('turnaround: rush as a percentage, dates in business days', () => {
  const job = (rush: string | null) =>
    priceJob({
      lines: [
        line({
          key: 'a',
          quantity: 48,
          blank: { price_cents: 400, tiers: [] },
          decorations: [print('logo', contractScreenPrint, { colors: 3 })],
        }),
      ],
      turnaround: { list: turnaroundList, rush },
    });

  it('adds the rush percent of the lines and the screens, rounded to the cent', () => {
    const base = 48 * (400 + 315) + 3 * 1500;
    expect(job(null)).toMatchObject({ rush: null, subtotal_cents: base });
    expect(job('rush-6').rush).toEqual({
      code: 'rush-6',
      label: 'Rush, 6 business days',
      percent: 50,
      cents: base / 2,
    });
    expect(job('rush-6').subtotal_cents).toBe(base * 1.5);
    // 75 % of $388.20 is $291.15.
    expect(job('rush-4').rush!.cents).toBe(Math.round(base * 0.75));
    expect(job('rush-4').subtotal_cents).toBe(base + 29_115);
  });

  it('feeds priceCart with the lines, the fees and the rush', () => {
    const priced = job('rush-6');
    const cart = priceCart({
      lines: cartLines(priced),
      fulfillment: 'local',
      shippingSpeed: 'standard',
      discount: null,
    });
    expect(cart.subtotal_cents).toBe(priced.subtotal_cents);
  });

  it('counts business days after approval, skipping weekends', () => {
    expect(readyBy('2026-11-30', 6, WEEKDAYS_ONLY)).toEqual({ date: '2026-12-08', words: 'Ready by Tue, Dec 8' });
    expect(readyBy('2026-11-27', 1, WEEKDAYS_ONLY)).toEqual({ date: '2026-11-30', words: 'Ready by Mon, Nov 30' });
    expect(readyBy('2026-11-28', 1, WEEKDAYS_ONLY).date).toBe('2026-11-30');
    expect(readyBy('2026-11-29', 5, WEEKDAYS_ONLY).date).toBe('2026-12-04');
    expect(readyBy('2026-12-31', 2, WEEKDAYS_ONLY).words).toBe('Ready by Mon, Jan 4');
  });

  it('lists standard and each rush option with the date it buys', () => {
    expect(
      turnaroundChoices(turnaroundList.data, '2026-11-30', WEEKDAYS_ONLY).map((c) => [c.code, c.percent, c.words]),
    ).toEqual([
      [null, 0, 'Ready by Thu, Dec 10'],
      ['rush-6', 50, 'Ready by Tue, Dec 8'],
      ['rush-4', 75, 'Ready by Fri, Dec 4'],
    ]);
  });

  it('refuses a date that is not a calendar day', () => {
    expect(() => readyBy('2026-02-30', 1, WEEKDAYS_ONLY)).toThrow(RangeError);
    expect(() => readyBy('Dec 8', 1, WEEKDAYS_ONLY)).toThrow(RangeError);
    expect(() => readyBy('2026-12-01', -1, WEEKDAYS_ONLY)).toThrow(RangeError);
  });
});
