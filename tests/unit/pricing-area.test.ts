import { describe, expect, it } from 'vitest';
import type { AreaInputs } from '../../src/lib/pricing/job.ts';
import type { AreaList, PriceList } from '../../src/lib/pricing/lists.ts';
import { priceJob } from '../../src/lib/pricing/price-job.ts';
import { bannerList, line, stickerList } from '../support/price-list-fixtures.ts';

const area = (
  widthIn: number,
  heightIn: number,
  extra: Partial<AreaInputs> = {},
  list: PriceList<AreaList> = bannerList,
): AreaInputs => ({ list, width_in: widthIn, height_in: heightIn, material: '13oz', finishing: [], ...extra });

const priced = (quantity: number, inputs: AreaInputs) =>
  priceJob({ lines: [line({ key: 'a', productName: 'Vinyl banner', quantity, area: inputs })], turnaround: null })
    .lines[0]!;

describe('area products: banners by the square foot', () => {
  it('prices a 3 × 6 ft banner at $8.00 a square foot: $144.00', () => {
    const banner = priced(1, area(36, 72));
    expect(banner.unit_cents).toBe(14_400);
    expect(banner.total_cents).toBe(14_400);
    expect(banner.parts).toEqual([{ kind: 'area', label: '3 × 6 ft 13 oz vinyl', unit_cents: 14_400 }]);
  });

  it('prices a 4 × 8 ft banner by its area, $256.00, not the same as a small one', () => {
    expect(priced(1, area(48, 96)).unit_cents).toBe(25_600);
    expect(priced(1, area(24, 48)).unit_cents).toBe(6400);
  });

  it('prices the material column and the quantity band', () => {
    expect(priced(1, area(36, 72, { material: '18oz' })).unit_cents).toBe(18_000);
    expect(priced(9, area(36, 72)).unit_cents).toBe(14_400);
    expect(priced(10, area(36, 72)).unit_cents).toBe(12_600);
  });

  it('rounds a piece of an odd size to the cent', () => {
    // 30 × 40 in = 8.333… sq ft × $8.00 = $66.666… → $66.67.
    const odd = priced(1, area(30, 40));
    expect(odd.unit_cents).toBe(6667);
    expect(odd.parts[0]!.label).toBe('30 × 40 in 13 oz vinyl');
  });

  it('prices finishing per edge foot, per piece, per square foot and as a percent of the area price', () => {
    const banner = priced(2, area(36, 72, { finishing: ['hems', 'grommets', 'lamination', 'double-sided'] }));
    expect(banner.parts).toEqual([
      { kind: 'area', label: '3 × 6 ft 13 oz vinyl', unit_cents: 14_400 },
      // The edge is 2 × (3 + 6) = 18 ft at $0.50.
      { kind: 'finishing', label: 'Hems', unit_cents: 900 },
      { kind: 'finishing', label: 'Grommets', unit_cents: 300 },
      { kind: 'finishing', label: 'Lamination', unit_cents: 2700 },
      { kind: 'finishing', label: 'Double-sided', unit_cents: 14_400 },
    ]);
    expect(banner.total_cents).toBe(2 * (14_400 + 900 + 300 + 2700 + 14_400));
  });

  it('tops a small line up to the $25.00 minimum charge', () => {
    const one = priced(1, area(12, 12));
    expect(one.parts.at(-1)).toEqual({ kind: 'minimum', label: 'To the $25.00 minimum', unit_cents: 1700 });
    expect(one.total_cents).toBe(2500);
    expect(priced(2, area(12, 12)).total_cents).toBe(2500);
    // 3 × $8.00 = $24.00: $0.34 a piece more reaches $25.00 (a piece cannot carry a third of a cent).
    expect(priced(3, area(12, 12))).toMatchObject({ unit_cents: 834, total_cents: 2502 });
    const four = priced(4, area(12, 12));
    expect(four.total_cents).toBe(3200);
    expect(four.parts.some((p) => p.kind === 'minimum')).toBe(false);
  });
});

describe('area products: stickers by size × quantity', () => {
  const sticker = (widthIn: number, heightIn: number) => area(widthIn, heightIn, { material: 'gloss' }, stickerList);

  it('bills a small sticker at the minimum billable area', () => {
    // 3 × 3 in is 0.0625 sq ft, billed as 0.25 sq ft at $9.00.
    const small = priced(1, sticker(3, 3));
    expect(small.unit_cents).toBe(225);
    expect(small.parts[0]!.label).toBe('3 × 3 in Glossy vinyl (billed as 0.25 sq ft)');
    expect(priced(1, sticker(4, 4)).unit_cents).toBe(225);
    expect(priced(1, sticker(6, 6)).parts[0]!.label).toBe('6 × 6 in Glossy vinyl');
    expect(priced(1, sticker(12, 12)).unit_cents).toBe(900);
  });

  it('bands stickers by the total square feet of the line', () => {
    // 100 × 0.25 = 25 sq ft and 196 → 49 (first band); 197 → 49.25, rounded up to 50 (second); 1000 → 250 (third).
    expect(priced(100, sticker(3, 3)).unit_cents).toBe(225);
    expect(priced(196, sticker(3, 3)).unit_cents).toBe(225);
    expect(priced(197, sticker(3, 3)).unit_cents).toBe(150);
    expect(priced(200, sticker(3, 3)).unit_cents).toBe(150);
    expect(priced(1000, sticker(3, 3)).unit_cents).toBe(100);
    expect(priced(1000, sticker(3, 3)).total_cents).toBe(100_000);
  });
});
