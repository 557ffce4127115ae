import { describe, expect, it } from 'vitest';
import { PricingInputError } from '../../src/lib/pricing/job.ts';
import { priceJob } from '../../src/lib/pricing/price-job.ts';
import { contractScreenPrint, embroideryList, line, print, spreadScreenPrint } from '../support/price-list-fixtures.ts';

/** One location of the contract chart on `pieces` light tees, customer-supplied. */
const onePrint = (pieces: number, colors: number) =>
  priceJob({
    lines: [line({ key: 'a', quantity: pieces, decorations: [print('logo', contractScreenPrint, { colors })] })],
    turnaround: null,
  });

describe('screen print: the published contract chart (per piece, one location)', () => {
  it.each([
    [24, 1, 360],
    [47, 1, 360],
    [48, 1, 245],
    [48, 2, 280],
    [48, 3, 315],
    [48, 4, 350],
    [48, 5, 385],
    [71, 5, 385],
    [72, 1, 190],
    [72, 6, 340],
    [143, 6, 340],
    [144, 1, 150],
    [144, 3, 195],
    [144, 6, 260],
    [287, 1, 150],
    [288, 1, 120],
    [288, 6, 220],
    [576, 1, 100],
    [576, 6, 175],
    [999, 1, 100],
    [999, 6, 175],
  ])('%i pieces in %i colours cost %i cents a piece', (pieces, colors, cents) => {
    const priced = onePrint(pieces, colors);
    expect(priced.lines[0]!.unit_cents).toBe(cents);
    expect(priced.lines[0]!.total_cents).toBe(cents * pieces);
  });

  it('refuses what the chart leaves blank, saying from or up to which quantity it is printed', () => {
    expect(() => onePrint(48, 6)).toThrow('Printing 6 colours starts at 72 pieces; this order has 48.');
    expect(() => onePrint(30, 2)).toThrow('Printing 2 colours starts at 48 pieces; this order has 30.');
    expect(() => onePrint(12, 1)).toThrow('Printing 1 colour starts at 24 pieces; this order has 12.');
    expect(() => onePrint(1000, 1)).toThrow(
      'Printing 1 colour is priced up to 999 pieces; for 1,000, ask us for a quote.',
    );
  });

  it('charges $15 a screen per colour, waived over 144 pieces for 1–3 colours and half price for 4–6', () => {
    const fees = (pieces: number, colors: number) =>
      onePrint(pieces, colors).fees.map((f) => [f.kind, f.quantity, f.unit_cents, f.total_cents]);
    expect(fees(144, 3)).toEqual([['screens', 3, 1500, 4500]]);
    expect(fees(145, 3)).toEqual([]);
    expect(fees(145, 1)).toEqual([]);
    expect(fees(144, 4)).toEqual([['screens', 4, 1500, 6000]]);
    expect(fees(145, 4)).toEqual([['screens', 4, 750, 3000]]);
    expect(fees(500, 6)).toEqual([['screens', 6, 750, 4500]]);
    expect(onePrint(145, 4).subtotal_cents).toBe(145 * 215 + 3000);
  });

  it('prices a further location at $0.75 for the first colour and $0.25 per further colour, with its own screens', () => {
    const priced = priceJob({
      lines: [
        line({
          key: 'a',
          quantity: 48,
          decorations: [
            print('front', contractScreenPrint, { colors: 3 }),
            print('back', contractScreenPrint, { colors: 1 }, 'Back'),
            print('sleeve', contractScreenPrint, { colors: 3 }, 'Left sleeve'),
          ],
        }),
      ],
      turnaround: null,
    });
    expect(priced.lines[0]!.parts).toEqual([
      { kind: 'decoration', label: 'Front, 3 colours', unit_cents: 315 },
      { kind: 'decoration', label: 'Back, 1 colour', unit_cents: 75 },
      { kind: 'decoration', label: 'Left sleeve, 3 colours', unit_cents: 125 },
    ]);
    expect(priced.fees.map((f) => [f.design, f.quantity, f.total_cents])).toEqual([
      ['front', 3, 4500],
      ['back', 1, 1500],
      ['sleeve', 3, 4500],
    ]);
    expect(priced.fees[0]!.label).toBe('Screens, Front of Tee: 3 × $15.00');
    expect(priced.subtotal_cents).toBe(48 * (315 + 75 + 125) + 10_500);
  });

  it("prices a screen print from the grid when the line's first location is embroidered", () => {
    const priced = priceJob({
      lines: [
        line({
          key: 'a',
          quantity: 48,
          decorations: [
            print('crest', embroideryList, { stitches: 5000 }, 'Left chest'),
            print('back', contractScreenPrint, { colors: 2 }, 'Back'),
            print('sleeve', contractScreenPrint, { colors: 1 }, 'Sleeve'),
          ],
        }),
      ],
      turnaround: null,
    });
    expect(priced.lines[0]!.parts.map((p) => [p.label, p.unit_cents])).toEqual([
      ['Left chest, up to 10,000 stitches', 600],
      ['Back, 2 colours', 280],
      ['Sleeve, 1 colour', 75],
    ]);
  });

  it('adds the $0.15 flash on dark garments at each location, not on light ones', () => {
    const job = (darkGarment: boolean) =>
      priceJob({
        lines: [
          line({
            key: 'a',
            quantity: 72,
            darkGarment,
            decorations: [
              print('front', contractScreenPrint, { colors: 2 }),
              print('back', contractScreenPrint, { colors: 1 }, 'Back'),
            ],
          }),
        ],
        turnaround: null,
      });
    expect(job(false).lines[0]!.unit_cents).toBe(220 + 75);
    const dark = job(true).lines[0]!;
    expect(dark.unit_cents).toBe(220 + 15 + 75 + 15);
    expect(dark.parts.filter((p) => p.kind === 'surcharge').map((p) => p.label)).toEqual([
      'Flash on dark, Front',
      'Flash on dark, Back',
    ]);
  });

  it('pools a design across garments: 24 tees and 24 hoodies with one front print at the 48 band, screens once', () => {
    const priced = priceJob({
      lines: [
        line({ key: 'tee', quantity: 24, decorations: [print('logo', contractScreenPrint, { colors: 2 })] }),
        line({
          key: 'hoodie',
          productName: 'Hoodie',
          quantity: 24,
          decorations: [print('logo', contractScreenPrint, { colors: 2 })],
        }),
      ],
      turnaround: null,
    });
    expect(priced.lines.map((l) => l.unit_cents)).toEqual([280, 280]);
    expect(priced.fees).toHaveLength(1);
    expect(priced.fees[0]).toMatchObject({ kind: 'screens', design: 'logo', quantity: 2, total_cents: 3000 });
  });

  it('prices two different designs on their own pieces, each with its screens', () => {
    const priced = priceJob({
      lines: [
        line({ key: 'tee', quantity: 24, decorations: [print('tee-logo', contractScreenPrint, { colors: 1 })] }),
        line({ key: 'hoodie', quantity: 24, decorations: [print('hoodie-logo', contractScreenPrint, { colors: 1 })] }),
      ],
      turnaround: null,
    });
    expect(priced.lines.map((l) => l.unit_cents)).toEqual([360, 360]);
    expect(priced.fees.map((f) => f.design)).toEqual(['tee-logo', 'hoodie-logo']);
  });

  it('waives screens by the pooled pieces: 100 tees and 45 hoodies make 145', () => {
    const priced = priceJob({
      lines: [
        line({
          key: 's',
          quantity: 60,
          sizeName: 'S',
          decorations: [print('logo', contractScreenPrint, { colors: 3 })],
        }),
        line({
          key: 'm',
          quantity: 40,
          sizeName: 'M',
          decorations: [print('logo', contractScreenPrint, { colors: 3 })],
        }),
        line({
          key: 'h',
          quantity: 45,
          productName: 'Hoodie',
          decorations: [print('logo', contractScreenPrint, { colors: 3 })],
        }),
      ],
      turnaround: null,
    });
    expect(priced.lines.map((l) => l.unit_cents)).toEqual([195, 195, 195]);
    expect(priced.fees).toEqual([]);
  });

  it("burns the screens of a design's most colours when its lines differ", () => {
    const priced = priceJob({
      lines: [
        line({ key: 'a', quantity: 30, decorations: [print('logo', contractScreenPrint, { colors: 2 })] }),
        line({
          key: 'b',
          quantity: 30,
          darkGarment: true,
          decorations: [print('logo', contractScreenPrint, { colors: 3 })],
        }),
      ],
      turnaround: null,
    });
    expect(priced.fees.map((f) => f.quantity)).toEqual([3]);
  });
});

describe('screen print: another shop, setup spread over the pieces', () => {
  it('prices 40 long-sleeve tees, 4-colour front and 1-colour back, at $15.65 each and $626.00', () => {
    // The long sleeve's $4 upcharge is the long-sleeve blank's own price: $4 tee + $4 = $8.
    const priced = priceJob({
      lines: [
        line({
          key: 'ls',
          productName: 'Long-sleeve tee',
          quantity: 40,
          sizeName: 'L',
          blank: { price_cents: 800, tiers: [] },
          decorations: [
            print('front', spreadScreenPrint, { colors: 4 }),
            print('back', spreadScreenPrint, { colors: 1 }, 'Back'),
          ],
        }),
      ],
      turnaround: null,
    });
    const [ls] = priced.lines;
    expect(ls!.parts).toEqual([
      { kind: 'blank', label: 'Garment', unit_cents: 800 },
      { kind: 'decoration', label: 'Front, 4 colours', unit_cents: 345 },
      { kind: 'decoration', label: 'Back, 1 colour', unit_cents: 170 },
      { kind: 'spread_fee', label: 'Screens, Front', unit_cents: 200 },
      { kind: 'spread_fee', label: 'Screens, Back', unit_cents: 50 },
    ]);
    expect(ls!.unit_cents).toBe(1565);
    expect(ls!.total_cents).toBe(62_600);
    expect(priced.fees).toEqual([]);
    expect(priced.subtotal_cents).toBe(62_600);
  });

  it('spreads one design over all its pieces, rounding each piece up to the cent', () => {
    // 3 colours × $20 = $60 over 7 pieces is $8.571…: $8.58 a piece, $60.06 in all.
    const priced = priceJob({
      lines: [
        line({ key: 'a', quantity: 4, decorations: [print('logo', spreadScreenPrint, { colors: 3 })] }),
        line({ key: 'b', quantity: 3, decorations: [print('logo', spreadScreenPrint, { colors: 3 })] }),
      ],
      turnaround: null,
    });
    for (const l of priced.lines) expect(l.parts.find((p) => p.kind === 'spread_fee')?.unit_cents).toBe(858);
    expect(priced.subtotal_cents).toBe(7 * (600 + 858));
  });

  it('turns the price list and the job into a PricingInputError when the colours are not on the list', () => {
    expect(() =>
      priceJob({
        lines: [line({ key: 'a', quantity: 40, decorations: [print('logo', spreadScreenPrint, { colors: 5 })] })],
        turnaround: null,
      }),
    ).toThrow(PricingInputError);
  });
});
