import { describe, expect, it } from 'vitest';
import { type Job, type JobLine, PricingInputError } from '../../src/lib/pricing/job.ts';
import { priceListDataSchema } from '../../src/lib/pricing/list-schema.ts';
import { priceJob } from '../../src/lib/pricing/price-job.ts';
import * as fixtures from '../support/price-list-fixtures.ts';
import {
  bannerList,
  contractScreenPrint,
  dtgList,
  embroideryList,
  embroideryNoExtras,
  line,
  print,
  turnaroundList,
} from '../support/price-list-fixtures.ts';

/** Two good lines first, so the bad one is lines[2] and the path is checked, not assumed. */
const good = [
  line({ key: 'ok-1', quantity: 48, decorations: [print('ok', contractScreenPrint, { colors: 1 })] }),
  line({ key: 'ok-2', quantity: 10, decorations: [print('ok-2', dtgList, { printSize: 'small' })] }),
];

function refusal(bad: JobLine, turnaround: Job['turnaround'] = null): { field: string; message: string } {
  try {
    priceJob({ lines: [...good, bad], turnaround });
  } catch (error) {
    if (error instanceof PricingInputError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('priced without complaint');
}

const screen = (colors: number | undefined, extra: Partial<JobLine> = {}) =>
  line({
    key: 'bad',
    quantity: 72,
    decorations: [
      print('front', contractScreenPrint, { colors: 1 }),
      print('back', contractScreenPrint, colors === undefined ? {} : { colors }, 'Back'),
    ],
    ...extra,
  });

describe('inputs outside the lists: PricingInputError with the field and words for the customer', () => {
  it('refuses ink colours outside the grid', () => {
    const expected = { field: 'lines[2].decorations[1].colors', message: 'This list prices 1 to 6 ink colours.' };
    expect(refusal(screen(7))).toEqual(expected);
    expect(refusal(screen(0))).toEqual(expected);
    expect(refusal(screen(2.5))).toEqual(expected);
    expect(refusal(screen(undefined))).toEqual({
      field: 'lines[2].decorations[1].colors',
      message: 'Choose how many ink colours the Back print has.',
    });
  });

  it('refuses a cell the list does not offer', () => {
    const bad = line({ key: 'bad', quantity: 50, decorations: [print('six', contractScreenPrint, { colors: 6 })] });
    expect(refusal(bad)).toEqual({
      field: 'lines[2].decorations[0].colors',
      message: 'Printing 6 colours starts at 72 pieces; this order has 50.',
    });
  });

  it('refuses an optional extra the list does not have', () => {
    const bad = line({
      key: 'bad',
      quantity: 72,
      decorations: [print('x', contractScreenPrint, { colors: 1, surcharges: ['glitter'] })],
    });
    expect(refusal(bad)).toEqual({
      field: 'lines[2].decorations[0].surcharges[0]',
      message: 'This print has no extras to choose.',
    });
  });

  it('refuses an unknown or missing print size', () => {
    const size = (printSize?: string) =>
      line({
        key: 'bad',
        quantity: 1,
        decorations: [print('d', dtgList, printSize === undefined ? {} : { printSize })],
      });
    expect(refusal(size('huge'))).toEqual({
      field: 'lines[2].decorations[0].printSize',
      message: 'Choose a print size: up to 5 × 5 in, up to 10 × 10 in or up to 14 × 18 in.',
    });
    expect(refusal(size()).message).toBe('Choose the size of the Front print.');
  });

  it('refuses stitches past the last band without extras, past the most taken, or missing', () => {
    const stitches = (value: number | undefined, list = embroideryList) =>
      line({
        key: 'bad',
        quantity: 12,
        decorations: [print('e', list, value === undefined ? {} : { stitches: value }, 'Left chest')],
      });
    expect(refusal(stitches(10_001, embroideryNoExtras))).toEqual({
      field: 'lines[2].decorations[0].stitches',
      message: 'We embroider designs up to 10,000 stitches; ask us for a quote.',
    });
    const noExtras = { ...embroideryNoExtras, data: { ...embroideryNoExtras.data, max_stitches: 30_000 } };
    expect(refusal(stitches(10_001, noExtras))).toEqual({
      field: 'lines[2].decorations[0].stitches',
      message: 'This list prices designs up to 10,000 stitches.',
    });
    expect(refusal(stitches(25_001)).message).toBe('We embroider designs up to 25,000 stitches; ask us for a quote.');
    expect(refusal(stitches(0)).field).toBe('lines[2].decorations[0].stitches');
    expect(refusal(stitches(undefined)).message).toBe('Choose the size of the Left chest embroidery.');
  });

  it('refuses a 0 × 0 or non-finite size, an unknown material and finishing not offered', () => {
    const banner = (inputs: Partial<NonNullable<JobLine['area']>>) =>
      line({
        key: 'bad',
        quantity: 1,
        area: { list: bannerList, width_in: 36, height_in: 72, material: '13oz', finishing: [], ...inputs },
      });
    expect(refusal(banner({ width_in: 0, height_in: 0 }))).toEqual({
      field: 'lines[2].area.width_in',
      message: 'Enter a width above 0.',
    });
    expect(refusal(banner({ height_in: -12 })).field).toBe('lines[2].area.height_in');
    expect(refusal(banner({ width_in: Number.NaN })).field).toBe('lines[2].area.width_in');
    expect(refusal(banner({ height_in: Number.POSITIVE_INFINITY })).field).toBe('lines[2].area.height_in');
    expect(refusal(banner({ material: 'aluminium' }))).toEqual({
      field: 'lines[2].area.material',
      message: 'Choose a material: 13 oz vinyl or 18 oz vinyl.',
    });
    expect(refusal(banner({ finishing: ['hems', 'wind-slits'] }))).toEqual({
      field: 'lines[2].area.finishing[1]',
      message: 'Choose finishing from Hems, Grommets, Lamination or Double-sided.',
    });
    expect(refusal(banner({ finishing: ['hems', 'hems'] }))).toEqual({
      field: 'lines[2].area.finishing[1]',
      message: 'Hems is chosen once.',
    });
  });

  it('refuses a quantity that is not a whole number of 1 or more', () => {
    for (const quantity of [0, -3, 1.5, Number.NaN]) {
      expect(refusal(line({ key: 'bad', quantity }))).toEqual({
        field: 'lines[2].quantity',
        message: 'Enter a whole number of pieces, 1 or more.',
      });
    }
  });

  it('refuses a rush option the list does not have', () => {
    expect(refusal(line({ key: 'fine', quantity: 1 }), { list: turnaroundList, rush: 'yesterday' })).toEqual({
      field: 'turnaround.rush',
      message:
        'That rush option is not offered; choose standard turnaround or one of: Rush, 6 business days; Rush, 4 business days.',
    });
  });
});

describe('the test lists are lists an owner can save', () => {
  it.each(
    Object.entries(fixtures).flatMap(([name, value]) =>
      typeof value === 'function' ? [] : [[name, value.data] as const],
    ),
  )('%s parses as a price list', (_name, data) => {
    expect(priceListDataSchema.safeParse(data).success).toBe(true);
  });
});
