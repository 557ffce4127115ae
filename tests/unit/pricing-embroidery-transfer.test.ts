import { describe, expect, it } from 'vitest';
import type { JobDecoration } from '../../src/lib/pricing/job.ts';
import { priceJob } from '../../src/lib/pricing/price-job.ts';
import {
  dtfList,
  dtgList,
  embroideryList,
  embroideryNoExtras,
  flatList,
  line,
  print,
} from '../support/price-list-fixtures.ts';

const oneLine = (quantity: number, decoration: JobDecoration, darkGarment = false) =>
  priceJob({ lines: [line({ key: 'a', quantity, darkGarment, decorations: [decoration] })], turnaround: null });

const stitched = (quantity: number, stitches: number, list = embroideryList) =>
  oneLine(quantity, print('logo', list, { stitches }, 'Left chest'));

describe('embroidery: a published list up to 10,000 stitches, per piece by quantity', () => {
  it.each([
    [1, 1000],
    [5, 1000],
    [6, 800],
    [11, 800],
    [12, 700],
    [35, 700],
    [36, 600],
    [71, 600],
    [72, 500],
    [149, 500],
    [150, 450],
    [299, 450],
    [300, 400],
    [2000, 400],
  ])('%i pieces up to 10,000 stitches cost %i cents each', (pieces, cents) => {
    expect(stitched(pieces, 10_000).lines[0]!.unit_cents).toBe(cents);
  });

  it.each([
    // 12,500 stitches at 40 pieces: $6 + 3 started thousands × $0.90.
    [40, 12_500, 600 + 3 * 90],
    [5, 11_000, 1000 + 150],
    [6, 10_001, 800 + 130],
    [12, 13_000, 700 + 3 * 110],
    [100, 20_000, 500 + 10 * 70],
    [150, 14_999, 450 + 5 * 50],
    [300, 25_000, 400 + 15 * 30],
  ])('%i pieces of %i stitches cost %i cents each', (pieces, stitches, cents) => {
    expect(stitched(pieces, stitches).lines[0]!.unit_cents).toBe(cents);
  });

  it('names the stitch band, or the stitches past the last band, in the part', () => {
    expect(stitched(40, 4000).lines[0]!.parts[0]!.label).toBe('Left chest, up to 10,000 stitches');
    expect(stitched(40, 12_500).lines[0]!.parts[0]!.label).toBe('Left chest, 12,500 stitches');
  });

  it('charges the digitizing once per design, pooling its pieces across garments for the band', () => {
    const logo = print('logo', embroideryList, { stitches: 8000 }, 'Left chest');
    const priced = priceJob({
      lines: [
        line({ key: 'polo', productName: 'Polo', quantity: 20, decorations: [logo] }),
        line({ key: 'cap', productName: 'Cap', quantity: 20, decorations: [logo] }),
      ],
      turnaround: null,
    });
    expect(priced.lines.map((l) => l.unit_cents)).toEqual([600, 600]);
    expect(priced.fees).toEqual([
      {
        kind: 'digitizing',
        label: 'Digitizing, Left chest of Polo: $75.00',
        design: 'logo',
        unit_cents: 7500,
        quantity: 1,
        total_cents: 7500,
      },
    ]);
    expect(priced.subtotal_cents).toBe(40 * 600 + 7500);
  });

  it('takes the first stitch band at or above the stitches on a list of several', () => {
    expect(stitched(1, 5000, embroideryNoExtras).lines[0]!.unit_cents).toBe(800);
    expect(stitched(1, 5001, embroideryNoExtras).lines[0]!.unit_cents).toBe(1100);
    expect(stitched(12, 10_000, embroideryNoExtras).lines[0]!.unit_cents).toBe(900);
    expect(stitched(12, 10_000, embroideryNoExtras).lines[0]!.parts[0]!.label).toBe(
      'Left chest, up to 10,000 stitches',
    );
  });
});

describe('DTG, DTF and heat transfer: print size by quantity, light and dark', () => {
  const dtg = (quantity: number, printSize: string, dark = false) =>
    oneLine(quantity, print('art', dtgList, { printSize }), dark).lines[0]!;

  it('prices by the print size column and the quantity band, dearer on dark garments', () => {
    expect(dtg(1, 'small').unit_cents).toBe(600);
    expect(dtg(11, 'large').unit_cents).toBe(1200);
    expect(dtg(12, 'medium').unit_cents).toBe(750);
    expect(dtg(12, 'medium', true).unit_cents).toBe(950);
    expect(dtg(48, 'large', true).unit_cents).toBe(1000);
    expect(dtg(12, 'medium').parts[0]!.label).toBe('Front, up to 10 × 10 in');
  });

  it('uses the light prices on dark garments when the list has no dark grid, and charges its setup once per design', () => {
    const art = print('art', dtfList, { printSize: 'medium' });
    const priced = priceJob({
      lines: [
        line({ key: 'a', quantity: 12, darkGarment: true, decorations: [art] }),
        line({ key: 'b', quantity: 12, decorations: [art] }),
      ],
      turnaround: null,
    });
    expect(priced.lines.map((l) => l.unit_cents)).toEqual([450, 450]);
    expect(priced.fees.map((f) => [f.kind, f.total_cents])).toEqual([['setup', 1000]]);
  });

  it('adds no fee line for a setup of $0', () => {
    expect(oneLine(3, print('art', dtgList, { printSize: 'small' })).fees).toEqual([]);
  });
});

describe('flat: a price per piece and a setup fee', () => {
  it('prices every piece the same and charges the setup once per design', () => {
    const front = print('front', flatList, {});
    const priced = priceJob({
      lines: [
        line({ key: 'a', quantity: 3, decorations: [front] }),
        line({ key: 'b', quantity: 200, decorations: [front, print('back', flatList, {}, 'Back')] }),
      ],
      turnaround: null,
    });
    expect(priced.lines.map((l) => l.unit_cents)).toEqual([500, 1000]);
    expect(priced.lines[1]!.parts.map((p) => p.label)).toEqual(['Front', 'Back']);
    expect(priced.fees.map((f) => [f.design, f.total_cents])).toEqual([
      ['front', 2500],
      ['back', 2500],
    ]);
    expect(priced.subtotal_cents).toBe(3 * 500 + 200 * 1000 + 5000);
  });
});
