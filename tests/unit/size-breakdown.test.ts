import { describe, expect, it } from 'vitest';
import { addLine, type CartItem } from '../../src/lib/cart-lines.ts';
import { cartCharges, checkoutPayload, pricingInput } from '../../src/lib/cart-payloads.ts';
import { priceCart } from '../../src/lib/pricing.ts';
import type { ProductDetail } from '../../src/lib/products.ts';
import {
  breakdownLines,
  breakdownPieces,
  breakdownProblem,
  clampBreakdown,
  offersBreakdown,
} from '../../src/lib/size-breakdown.ts';

/** A tee in navy and red, S/M/L: navy M has 9 left, red L is sold out; front and back prints. */
const tee: ProductDetail = {
  id: 'tee',
  name: 'Tourney Tee',
  slug: 'tourney-tee',
  sku: null,
  product_type: 'apparel',
  description: '',
  price_cents: 2400,
  minimum_quantity: 12,
  price_tiers: [
    { min_quantity: 12, unit_price_cents: 1900 },
    { min_quantity: 24, unit_price_cents: 1600 },
  ],
  print_locations: [
    { code: 'front', name: 'Front', price_cents_per_piece: 0, setup_fee_cents: 2500 },
    { code: 'back', name: 'Back', price_cents_per_piece: 300, setup_fee_cents: 2500 },
  ],
  image_main_url: null,
  image_secondary_url: null,
  collection: { slug: 'golf', name: 'Golf' },
  colors: [
    { id: 'navy', name: 'Navy', hex: '#000080' },
    { id: 'red', name: 'Red', hex: '#c00' },
  ],
  sizes: [
    { id: 's', name: 'S' },
    { id: 'm', name: 'M' },
    { id: 'l', name: 'L' },
  ],
  variants: [
    { color_id: 'navy', size_id: 's', stock_qty: 40 },
    { color_id: 'navy', size_id: 'm', stock_qty: 9 },
    { color_id: 'navy', size_id: 'l', stock_qty: 40 },
    { color_id: 'red', size_id: 's', stock_qty: 40 },
    { color_id: 'red', size_id: 'm', stock_qty: 40 },
    { color_id: 'red', size_id: 'l', stock_qty: 0 },
  ],
  stock_qty: null,
  weight_oz: null,
  length_in: null,
  width_in: null,
  height_in: null,
};

describe('a size breakdown (issue #15)', () => {
  it('is offered when a product comes in several sizes', () => {
    expect(offersBreakdown(tee)).toBe(true);
    expect(offersBreakdown({ sizes: [{ id: 'one', name: 'One size' }] })).toBe(false);
  });

  it('clamps each size to its own stock in the chosen colour, and drops empty or unknown sizes', () => {
    expect(clampBreakdown(tee, 'navy', { s: 6, m: 12, l: 8, xl: 4 })).toEqual({ s: 6, m: 9, l: 8 });
    expect(clampBreakdown(tee, 'red', { s: 6, m: 10, l: 8 })).toEqual({ s: 6, m: 10 });
    expect(clampBreakdown(tee, 'navy', { s: -3, m: 2.7, l: Number.NaN })).toEqual({ m: 2 });
  });

  it('counts the sizes together for the minimum, and says what is missing', () => {
    expect(breakdownProblem(tee, null, { s: 12 })).toBe('Choose a color first.');
    expect(breakdownProblem(tee, 'navy', {})).toBe('Enter how many pieces you want of each size.');
    expect(breakdownProblem(tee, 'navy', { s: 4, m: 4 })).toBe('Add 4 more: this is printed in runs of 12 or more.');
    expect(breakdownProblem(tee, 'navy', { s: 4, m: 4, l: 4 })).toBeNull();
    expect(breakdownProblem(tee, 'navy', { s: 4, m: 10 })).toBe('Only 9 M left.');
  });

  it('becomes one cart line per size, priced at the tier of all its pieces, with setup once per location', () => {
    const locations = [
      { code: 'front', artworkId: 'art-1', artworkName: 'logo.png' },
      { code: 'back', artworkId: null },
    ];
    const lines = breakdownLines(tee, 'navy', { s: 6, m: 9, l: 9 }, locations);
    expect(breakdownPieces({ s: 6, m: 9, l: 9 })).toBe(24);
    expect(lines.map((l) => [l.sizeName, l.quantity])).toEqual([
      ['S', 6],
      ['M', 9],
      ['L', 9],
    ]);
    expect(lines[0]!.locations).toEqual([
      { ...tee.print_locations[0], artworkId: 'art-1', artworkName: 'logo.png' },
      { ...tee.print_locations[1], artworkId: null },
    ]);
    const cart = lines.reduce<CartItem[]>((items, line) => addLine(items, line), []);
    expect(cart.map((l) => l.price_cents)).toEqual([1600, 1600, 1600]);
    expect(cartCharges(cart).map((c) => [c.kind, c.unit_price_cents, c.quantity])).toEqual([
      ['setup_fee', 2500, 1],
      ['print_location', 300, 24],
      ['setup_fee', 2500, 1],
    ]);
    // 24 × $16 + 24 × $3 + 2 × $25 setup.
    expect(priceCart(pricingInput(cart, 'local', 'standard', null)).subtotal_cents).toBe(24 * 1600 + 24 * 300 + 5000);
  });

  it('sends the artwork ids with the owner token to checkout, and no token when no line names artwork', () => {
    const state = { cartId: null, fulfillment: 'local' as const, shippingSpeed: 'standard' as const, discountCode: '' };
    const withArt = breakdownLines(tee, 'navy', { s: 12 }, [{ code: 'front', artworkId: 'art-1' }]);
    const payload = checkoutPayload(withArt, { ...state, artworkOwner: 'owner-token' });
    expect(payload.items[0]!.locations).toEqual([{ code: 'front', artworkId: 'art-1' }]);
    expect(payload.artworkOwner).toBe('owner-token');
    const later = breakdownLines(tee, 'navy', { s: 12 }, [{ code: 'front', artworkId: null }]);
    expect(checkoutPayload(later, { ...state, artworkOwner: 'owner-token' })).not.toHaveProperty('artworkOwner');
  });
});
