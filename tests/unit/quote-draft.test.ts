import { describe, expect, it } from 'vitest';
import { emptyArea, payload, previewTotals, type QuoteDraft } from '../../src/admin/screens/quote-draft.ts';
import type { AdminProduct } from '../../src/lib/admin-schemas/products.ts';
import type { PriceList } from '../../src/lib/pricing/lists.ts';
import { contractScreenPrint, garmentList, turnaroundList } from '../support/price-list-fixtures.ts';

/** The quote editor's draft of a product on the owner's lists (docs/decisions/0027-price-lists.md). */
const location = (code: string, name: string) => ({
  code,
  name,
  price_cents_per_piece: 0,
  setup_fee_cents: 0,
  print_width_in: 12,
  price_list_id: contractScreenPrint.id,
});
const TEE = {
  id: 'tee',
  name: 'Contract Tee',
  price_cents: 400,
  price_tiers: [],
  print_locations: [location('front', 'Front'), location('back', 'Back')],
  garment_list_id: garmentList.id,
  area_list_id: null,
  turnaround_list_id: turnaroundList.id,
  area_min_width_in: null,
  area_max_width_in: null,
  area_min_height_in: null,
  area_max_height_in: null,
  area_presets: [],
} as unknown as AdminProduct;
const LISTS = new Map<string, PriceList>([contractScreenPrint, garmentList, turnaroundList].map((l) => [l.id, l]));

const draft = (rush: string | null = null): QuoteDraft => ({
  lines: [
    {
      key: 1,
      kind: 'product',
      product_id: 'tee',
      quantity: 48,
      locations: ['front', 'back'],
      note: '',
      // An input of a location no longer chosen is not sent.
      location_inputs: { front: { colors: 2 }, back: { colors: 1, stitches: null }, sleeve: { colors: 3 } },
      area: emptyArea(),
      dark_garment: false,
    },
  ],
  rush,
  discount_cents: 0,
  fulfillment: 'local',
  shipping_speed: 'standard',
  valid_until: '2030-01-01',
  message: '',
  deposit_percent: 100,
  balance_due: 'ready',
});

describe('the quote editor’s draft of a list-priced line', () => {
  it('sends the chosen locations’ typed inputs and the rush', () => {
    const body = payload(draft('rush-4'));
    expect(body.rush).toBe('rush-4');
    expect(body.lines[0]).toEqual({
      kind: 'product',
      product_id: 'tee',
      quantity: 48,
      locations: ['front', 'back'],
      location_inputs: { front: { colors: 2 }, back: { colors: 1 } },
      note: null,
    });
  });

  it('previews the price per piece, breakdown and totals by the server’s module', () => {
    const preview = previewTotals(draft(), [TEE], LISTS);
    expect(preview?.ok).toBe(true);
    if (!preview?.ok) return;
    expect(preview.lines[0]).toMatchObject({
      unit_price_cents: 755,
      pricing: { breakdown: 'Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75' },
    });
    // 48 × $7.55 + 3 screens × $15.00.
    expect(preview.totals[0]).toEqual(['Subtotal', '$407.40']);
  });

  it('waits for the lists, and names what is missing to price', () => {
    expect(previewTotals(draft(), [TEE], new Map())).toBeNull();
    const missing = draft();
    if (missing.lines[0]!.kind === 'product') missing.lines[0]!.location_inputs = { front: { colors: 2 } };
    expect(previewTotals(missing, [TEE], LISTS)).toEqual({
      ok: false,
      fields: { 'lines.0.locations.1.colors': expect.stringMatching(/ink colours/) },
    });
  });

  it('sends the deposit terms and previews what Accept charges and the balance left (docs/decisions/0029-deposits.md)', () => {
    const whole = previewTotals(draft(), [TEE], LISTS);
    if (!whole?.ok) throw new Error('not priced');
    expect(whole.totals.map(([label]) => label)).not.toContain('Deposit on Accept (50 %)');
    const total = whole.totals.find(([label]) => label === 'Total')![1];
    expect(total).toBe('$439.99');

    const half = { ...draft(), deposit_percent: 50, balance_due: 'before_production' as const };
    expect(payload(half)).toMatchObject({ deposit_percent: 50, balance_due: 'before_production' });
    const preview = previewTotals(half, [TEE], LISTS);
    if (!preview?.ok) throw new Error('not priced');
    // $439.99 × 50 % rounds to $220.00; $219.99 is left for later.
    expect(preview.totals.slice(-2)).toEqual([
      ['Deposit on Accept (50 %)', '$220.00'],
      ['Balance, asked later', '$219.99'],
    ]);
  });
});
