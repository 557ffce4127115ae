import { describe, expect, it } from 'vitest';
import { finishingAmountLabel } from '../../src/admin/finishing-words.ts';
import { bandName, parseTsv } from '../../src/admin/price-grid.ts';
import { newForm, payloadOf, withColumns, withPaste } from '../../src/admin/price-list-form.ts';
import { priceListDataSchema } from '../../src/lib/pricing/list-schema.ts';

const tsv = (rows: string[][]) => parseTsv(rows.map((r) => r.join('\t')).join('\n'));

describe('the price-list editor says what the owner typed (issue 44, item 14)', () => {
  it('names a band typed "48+" or "1,000" as the count, never "from 48+ pieces"', () => {
    expect(bandName('48+', 'pieces')).toBe('from 48 pieces');
    expect(bandName('1,000', 'sq ft')).toBe('from 1000 sq ft');
    expect(bandName('', 'pieces')).toBe('from ? pieces');
  });

  it('a widened embroidery grid does not guess its stitch band: the owner gives it, refused until then', () => {
    const form = withColumns(newForm('embroidery'), 2);
    expect(form.data).toMatchObject({ stitch_bands: [10_000, 0] });
    const parsed = priceListDataSchema.safeParse((payloadOf(form) as { data: unknown }).data);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain('stitch_bands.1');
  });

  it('a pasted embroidery chart names its stitch bands in its header row', () => {
    const chart = tsv([
      ['Qty', 'Up to 5,000 stitches', 'Up to 10,000 stitches', '15k'],
      ['1', '8.00', '10.00', '12.00'],
      ['12', '6.00', '8.00', '10.00'],
    ]);
    const form = withPaste(newForm('embroidery'), 'grid', 0, -1, chart);
    expect(form.data).toMatchObject({ stitch_bands: [5000, 10_000, 15_000] });
    expect(form.grids['grid']!.rows).toEqual(['1', '12']);
  });

  it('a pasted print-size chart names its print sizes, and an area chart its materials', () => {
    const sizes = withPaste(
      newForm('dtf'),
      'light',
      0,
      0,
      tsv([
        ['Pocket', 'Full front'],
        ['5.00', '9.00'],
        ['4.00', '8.00'],
      ]),
    );
    expect(sizes.data).toMatchObject({ print_sizes: [{ label: 'Pocket' }, { label: 'Full front' }] });
    const area = withPaste(
      newForm('area'),
      'grid',
      0,
      -1,
      tsv([
        ['Sq ft', 'Mesh per sq ft'],
        ['1', '9.00'],
      ]),
    );
    expect(area.data).toMatchObject({ materials: [{ label: 'Mesh' }] });
  });

  it('says what a finishing price counts: grommets every 2 ft are priced per foot of edge', () => {
    expect(finishingAmountLabel('Grommets every 2 ft', 'edge_ft')).toBe('Grommets every 2 ft, price per foot of edge');
    expect(finishingAmountLabel('Lamination', 'percent')).toBe('Lamination, percent of the area price');
  });
});
