import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { quoteProduct } from '../../src/lib/pricing/product-quote.ts';
import { contractScreenPrint, garmentList, turnaroundList } from '../support/price-list-fixtures.ts';

/**
 * The product page's price shows how its total is reached (issue 44, item 13): each size's price
 * where they differ (the 2XL upcharge), the one-time fees and the rush in dollars, not only "+50 %".
 */
const location = (code: string, name: string) => ({
  code,
  name,
  price_cents_per_piece: 0,
  setup_fee_cents: 0,
  print_width_in: 12,
  price_list: contractScreenPrint,
});
const tee = {
  id: 'tee',
  name: 'Contract Tee',
  price_cents: 400,
  price_tiers: [],
  print_locations: [location('front', 'Front'), location('back', 'Back')],
  garment_list: garmentList,
  area_list: null,
  turnaround_list: turnaroundList,
} as unknown as ProductDetail;
const locations = [
  { code: 'front', artworkId: null, colors: 2 },
  { code: 'back', artworkId: null, colors: 1 },
];

describe('how the product page reaches its total', () => {
  it('says each size’s price, the one-time fees and the rush in dollars', () => {
    const quote = quoteProduct(tee, {
      sizes: [
        { key: 'm', sizeName: 'M', quantity: 24 },
        { key: '2xl', sizeName: '2XL', quantity: 24 },
      ],
      colorHex: '#ffffff',
      locations,
      area: null,
      rush: 'rush-6',
    });
    expect(quote.ok).toBe(true);
    if (!quote.ok) return;
    // 48 pieces: $4.00 + front 2 colours $2.80 + back $0.75 = $7.55; 2XL $2.00 more. Screens 3 × $15.00.
    // Rush +50 % of $455.40 is $227.70.
    expect(quote.workings).toBe('24 × $7.55 (M) + 24 × $9.55 (2XL) + one-time fees $45.00 + rush $227.70 = $683.10');
    expect(quote.totalCents).toBe(68310);
  });

  it('keeps it short for one size at standard turnaround', () => {
    const quote = quoteProduct(tee, {
      sizes: [{ key: 'm', sizeName: 'M', quantity: 48 }],
      colorHex: '#ffffff',
      locations,
      area: null,
      rush: null,
    });
    expect(quote.ok && quote.workings).toBe('48 × $7.55 + one-time fees $45.00 = $407.40');
  });
});
