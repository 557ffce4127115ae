import { describe, expect, it } from 'vitest';
import { addLine, setDesignArtwork, setLineQuantity } from '../../src/lib/cart/cart-lines.ts';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import { cartCharges, checkoutPayload, pricingInput } from '../../src/lib/cart/cart-payloads.ts';
import { priceCart } from '../../src/lib/pricing/cart-totals.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import {
  breakdownLines,
  breakdownPieces,
  breakdownProblem,
  clampBreakdown,
  offersBreakdown,
} from '../../src/lib/orders/size-breakdown.ts';

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
    { code: 'front', name: 'Front', price_cents_per_piece: 0, setup_fee_cents: 2500, print_width_in: 12 },
    { code: 'back', name: 'Back', price_cents_per_piece: 300, setup_fee_cents: 2500, print_width_in: 12 },
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

describe('a size breakdown (docs/decisions/0015-print-ordering.md)', () => {
  it('is offered for apparel in several sizes, not for one size or for signs in several sizes', () => {
    expect(offersBreakdown(tee)).toBe(true);
    expect(offersBreakdown({ ...tee, product_type: 'Headwear ' })).toBe(true);
    expect(offersBreakdown({ ...tee, sizes: [{ id: 'one', name: 'One size' }] })).toBe(false);
    expect(offersBreakdown({ ...tee, product_type: 'sign' })).toBe(false);
    expect(offersBreakdown({ ...tee, product_type: null })).toBe(false);
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

describe('editing a design from the cart (docs/decisions/0015-print-ordering.md)', () => {
  const later = [
    { code: 'front', artworkId: null },
    { code: 'back', artworkId: null },
  ];
  const cart = () => breakdownLines(tee, 'navy', { s: 6, m: 6 }, later).reduce<CartItem[]>(addLine, []);

  it('attaches artwork to one location on every size of the design, and clears it again', () => {
    const [s] = cart();
    const attached = setDesignArtwork(cart(), s!, 'front', { artworkId: 'art-9', artworkName: 'crest.pdf' });
    expect(attached.map((l) => l.locations?.map((x) => [x.code, x.artworkId, x.artworkName ?? null]))).toEqual([
      [
        ['front', 'art-9', 'crest.pdf'],
        ['back', null, null],
      ],
      [
        ['front', 'art-9', 'crest.pdf'],
        ['back', null, null],
      ],
    ]);
    expect(attached.map((l) => l.price_cents)).toEqual([1900, 1900]);
    const cleared = setDesignArtwork(attached, attached[0]!, 'front', null);
    expect(cleared.map((l) => l.locations?.[0])).toEqual([
      { ...tee.print_locations[0], artworkId: null },
      { ...tee.print_locations[0], artworkId: null },
    ]);
  });

  it('merges a size into the line it now matches, and leaves other designs alone', () => {
    const withArt = breakdownLines(tee, 'navy', { s: 4 }, [
      { code: 'front', artworkId: 'art-9', artworkName: 'crest.pdf' },
      { code: 'back', artworkId: null },
    ]);
    const other = breakdownLines(tee, 'red', { s: 12 }, later);
    const items = [...cart(), ...withArt, ...other].reduce<CartItem[]>(addLine, []);
    expect(items).toHaveLength(4);
    const edited = setDesignArtwork(items, items[0]!, 'front', { artworkId: 'art-9', artworkName: 'crest.pdf' });
    expect(edited.map((l) => [l.colorId, l.sizeName, l.quantity])).toEqual([
      ['navy', 'S', 10],
      ['navy', 'M', 6],
      ['red', 'S', 12],
    ]);
    expect(edited[2]!.locations?.[0]?.artworkId).toBeNull();
  });
});

describe('discounts on a tiered print order (docs/decisions/0015-print-ordering.md)', () => {
  // 24 navy tees at the 24-piece tier ($16.00) with a back print ($3.00 each) and two $25.00 setups.
  const cart = () =>
    breakdownLines(tee, 'navy', { s: 12, l: 12 }, [
      { code: 'front', artworkId: null },
      { code: 'back', artworkId: null },
    ]).reduce<CartItem[]>(addLine, []);
  const subtotal = 24 * 1600 + 24 * 300 + 2 * 2500;

  it('takes a percentage off the whole subtotal, print and setup included, and taxes what is left', () => {
    const priced = priceCart(pricingInput(cart(), 'shipping', 'standard', { type: 'percentage', amount_cents: 1000 }));
    expect(priced.subtotal_cents).toBe(subtotal);
    expect(priced.discount_cents).toBe(Math.round(subtotal / 10));
    expect(priced.tax_cents).toBe(Math.round((subtotal - Math.round(subtotal / 10)) * 0.08));
    // Far over the free-shipping threshold after the discount.
    expect(priced.shipping_cents).toBe(0);
    expect(priced.total_cents).toBe(priced.discounted_subtotal_cents + priced.tax_cents);
  });

  it('caps a fixed discount at the subtotal, and one piece fewer falls back a tier on every size', () => {
    expect(
      priceCart(pricingInput(cart(), 'local', 'standard', { type: 'fixed', amount_cents: 10_000_000 })).total_cents,
    ).toBe(0);
    const fewer = setLineQuantity(cart(), cart()[0]!, 11);
    expect(fewer.map((l) => l.price_cents)).toEqual([1900, 1900]);
    expect(priceCart(pricingInput(fewer, 'local', 'standard', null)).subtotal_cents).toBe(
      23 * 1900 + 23 * 300 + 2 * 2500,
    );
  });
});
