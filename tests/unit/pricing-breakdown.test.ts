import { describe, expect, it } from 'vitest';
import { breakdownText, feesOfDesigns } from '../../src/lib/pricing/breakdown-text.ts';
import type { Job } from '../../src/lib/pricing/job.ts';
import { nextBreak, nextBreakText } from '../../src/lib/pricing/next-break.ts';
import { priceJob } from '../../src/lib/pricing/price-job.ts';
import {
  bannerList,
  contractScreenPrint,
  embroideryList,
  line,
  print,
  stickerList,
  turnaroundList,
} from '../support/price-list-fixtures.ts';

describe('the breakdown a customer reads', () => {
  it('reads the issue example: garment, two locations, screens and rush', () => {
    const priced = priceJob({
      lines: [
        line({
          key: 'tee',
          quantity: 144,
          blank: { price_cents: 400, tiers: [] },
          sizeName: 'M',
          decorations: [
            print('front', contractScreenPrint, { colors: 3 }),
            print('back', contractScreenPrint, { colors: 1 }, 'Back'),
          ],
        }),
      ],
      turnaround: { list: turnaroundList, rush: 'rush-6' },
    });
    const [tee] = priced.lines;
    expect(breakdownText(tee!, feesOfDesigns(priced.fees, ['front', 'back']), priced.rush)).toBe(
      'Garment $4.00 · Front, 3 colours $1.95 · Back, 1 colour $0.75 · Screens 4 × $15.00 · Rush +50 %',
    );
    expect(breakdownText(tee!)).toBe('Garment $4.00 · Front, 3 colours $1.95 · Back, 1 colour $0.75');
  });

  it('names embroidery sizes, banner sizes and finishing in words', () => {
    const priced = priceJob({
      lines: [
        line({
          key: 'polo',
          quantity: 12,
          decorations: [print('logo', embroideryList, { stitches: 5000 }, 'Left chest')],
        }),
        line({
          key: 'banner',
          productName: 'Vinyl banner',
          quantity: 1,
          area: { list: bannerList, width_in: 36, height_in: 72, material: '13oz', finishing: ['grommets'] },
        }),
      ],
      turnaround: null,
    });
    expect(breakdownText(priced.lines[0]!, priced.fees)).toBe(
      'Left chest, up to 10,000 stitches $7.00 · Digitizing $75.00',
    );
    expect(breakdownText(priced.lines[1]!)).toBe('3 × 6 ft 13 oz vinyl $144.00 · Grommets $3.00');
  });

  it('says a print the area price already covers is included, not "Face $0.00"', () => {
    const line = {
      key: 'banner',
      quantity: 1,
      unit_cents: 14400,
      parts: [
        { kind: 'area', label: '3 × 6 ft 13 oz vinyl', unit_cents: 14400 },
        { kind: 'decoration', label: 'Face', unit_cents: 0 },
      ],
    } as never;
    expect(breakdownText(line)).toBe('3 × 6 ft 13 oz vinyl $144.00 · Face included');
  });
});

describe('the next price break', () => {
  const screenJob = (quantities: number[], colors = 1): Job => ({
    lines: quantities.map((quantity, i) =>
      line({
        key: `line-${i}`,
        quantity,
        blank: { price_cents: 400, tiers: [] },
        decorations: [print('logo', contractScreenPrint, { colors })],
      }),
    ),
    turnaround: null,
  });

  it('says how many more pieces reach the next band and the new price each', () => {
    const next = nextBreak(screenJob([40]), 'line-0');
    expect(next).toEqual({ more: 8, unit_cents: 400 + 245 });
    expect(nextBreakText(next!)).toBe('Add 8 more to pay $6.45 each');
    expect(nextBreak(screenJob([48]), 'line-0')).toEqual({ more: 24, unit_cents: 400 + 190 });
  });

  it("counts the design's other lines in its band", () => {
    expect(nextBreak(screenJob([30, 10]), 'line-1')).toEqual({ more: 8, unit_cents: 645 });
  });

  it('finds the blank tier or band that lowers the price, skipping breaks that do not', () => {
    const job = (tierCents: number): Job => ({
      lines: [
        line({
          key: 'a',
          quantity: 24,
          blank: { price_cents: 1000, tiers: [{ min_quantity: 30, unit_price_cents: tierCents }] },
          decorations: [print('logo', contractScreenPrint, { colors: 1 })],
        }),
      ],
      turnaround: null,
    });
    // 24 pieces: the blank's tier at 30 comes before the print's band at 48.
    expect(nextBreak(job(900), 'a')).toEqual({ more: 6, unit_cents: 900 + 360 });
    // A tier at the same price is no break: the next is the 48 band.
    expect(nextBreak(job(1000), 'a')).toEqual({ more: 24, unit_cents: 1000 + 245 });
  });

  it('is null at the last priced band and for an unknown line', () => {
    expect(nextBreak(screenJob([576]), 'line-0')).toBeNull();
    expect(nextBreak(screenJob([300]), 'nope')).toBeNull();
    const embroidered: Job = {
      lines: [line({ key: 'e', quantity: 300, decorations: [print('e', embroideryList, { stitches: 4000 })] })],
      turnaround: null,
    };
    expect(nextBreak(embroidered, 'e')).toBeNull();
  });

  it('reaches a square-foot band of stickers in whole pieces', () => {
    const stickers: Job = {
      lines: [
        line({
          key: 's',
          quantity: 100,
          area: { list: stickerList, width_in: 3, height_in: 3, material: 'gloss', finishing: [] },
        }),
      ],
      turnaround: null,
    };
    expect(nextBreak(stickers, 's')).toEqual({ more: 97, unit_cents: 150 });
  });
});
