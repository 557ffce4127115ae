import { describe, expect, it } from 'vitest';
import { canAddToCart, cartLine, quickAddLine } from '../../src/lib/cart/add-to-cart.ts';
import { addLine, setLineQuantity } from '../../src/lib/cart/cart-lines.ts';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import { firstChoice } from '../../src/lib/catalog/product-options.ts';
import { belowMinimumMessage, nextTier, priceTable, unitPriceCents } from '../../src/lib/pricing/tiers.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';

/** The example: 1–11 $24.00, 12–23 $19.00, 24–47 $16.00, 48+ $13.00 (tiers sent unordered). */
const tee = {
  price_cents: 2400,
  price_tiers: [
    { min_quantity: 48, unit_price_cents: 1300 },
    { min_quantity: 12, unit_price_cents: 1900 },
    { min_quantity: 24, unit_price_cents: 1600 },
  ],
};

describe('quantity price tiers (docs/decisions/0015-print-ordering.md)', () => {
  it.each([
    [1, 2400],
    [11, 2400],
    [12, 1900],
    [23, 1900],
    [24, 1600],
    [47, 1600],
    [48, 1300],
    [500, 1300],
  ])('%i pieces cost %i cents each', (pieces, cents) => {
    expect(unitPriceCents(tee, pieces)).toBe(cents);
  });

  it('prices a product without tiers as before, at its one price', () => {
    expect(unitPriceCents({ price_cents: 1500 }, 1)).toBe(1500);
    expect(unitPriceCents({ price_cents: 1500, price_tiers: [] }, 300)).toBe(1500);
    expect(priceTable({ price_cents: 1500 })).toEqual([{ min_quantity: 1, unit_price_cents: 1500 }]);
    expect(nextTier({ price_cents: 1500 }, 1)).toBeNull();
  });

  it('lists the table from one piece, lowest first', () => {
    expect(priceTable(tee).map((t) => [t.min_quantity, t.unit_price_cents])).toEqual([
      [1, 2400],
      [12, 1900],
      [24, 1600],
      [48, 1300],
    ]);
  });

  it('nudges towards the next cheaper tier, and stops at the last', () => {
    expect(nextTier(tee, 20)).toEqual({ more: 4, unit_price_cents: 1600 });
    expect(nextTier(tee, 11)).toEqual({ more: 1, unit_price_cents: 1900 });
    expect(nextTier(tee, 48)).toBeNull();
  });

  it('says what to add below a minimum', () => {
    expect(belowMinimumMessage('Yard Sign', 10, 7)).toBe(
      'Yard Sign is printed in runs of 10 or more (sizes of one colour count together): add 3 more.',
    );
  });
});

describe('minimum order quantity on the product page', () => {
  const sign: ProductDetail = {
    id: 'sign',
    name: 'Yard Sign',
    slug: 'yard-sign',
    sku: null,
    product_type: 'sign',
    description: '',
    price_cents: 2500,
    minimum_quantity: 10,
    price_tiers: [{ min_quantity: 25, unit_price_cents: 2100 }],
    print_locations: [],
    image_main_url: null,
    image_secondary_url: null,
    collection: { slug: 'signs', name: 'Signs' },
    colors: [],
    sizes: [],
    variants: [],
    stock_qty: null,
    weight_oz: null,
    length_in: null,
    width_in: null,
    height_in: null,
  };

  it('starts the quantity at the minimum and cannot add fewer', () => {
    expect(firstChoice(sign).quantity).toBe(10);
    expect(canAddToCart(sign, { colorId: null, sizeId: null, quantity: 9 })).toBe(false);
    expect(canAddToCart(sign, { colorId: null, sizeId: null, quantity: 10 })).toBe(true);
  });

  it('quick add puts the minimum in the cart, at the tier price of that many', () => {
    expect(quickAddLine(sign)).toMatchObject({ quantity: 10, price_cents: 2500 });
    expect(quickAddLine({ ...sign, minimum_quantity: 30 })).toMatchObject({ quantity: 30, price_cents: 2100 });
  });

  it('cannot add when less is in stock than the minimum', () => {
    expect(canAddToCart({ ...sign, stock_qty: 6 }, { colorId: null, sizeId: null, quantity: 6 })).toBe(false);
  });
});

describe('the cart re-prices tiered lines as their quantities change', () => {
  const shirt: ProductDetail = {
    id: 'tee',
    name: 'Tourney Tee',
    slug: 'tourney-tee',
    sku: null,
    product_type: 'apparel',
    description: '',
    price_cents: 2400,
    minimum_quantity: 1,
    price_tiers: tee.price_tiers,
    print_locations: [],
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
    ],
    variants: [],
    stock_qty: null,
    weight_oz: null,
    length_in: null,
    width_in: null,
    height_in: null,
  };
  const line = (colorId: string, sizeId: string, quantity: number) => cartLine(shirt, { colorId, sizeId, quantity });
  const prices = (items: CartItem[]) => items.map((i) => i.price_cents);

  it('counts the sizes of one colour together, and each colour on its own', () => {
    let cart = addLine([], line('navy', 's', 6));
    expect(prices(cart)).toEqual([2400]);
    cart = addLine(cart, line('navy', 'm', 6));
    expect(prices(cart)).toEqual([1900, 1900]);
    cart = addLine(cart, line('red', 's', 3));
    expect(prices(cart)).toEqual([1900, 1900, 2400]);
    cart = setLineQuantity(cart, { productId: 'tee', colorId: 'navy', sizeId: 'm' }, 18);
    expect(prices(cart)).toEqual([1600, 1600, 2400]);
    cart = setLineQuantity(cart, { productId: 'tee', colorId: 'navy', sizeId: 's' }, 0);
    expect(prices(cart)).toEqual([1900, 2400]);
  });

  it('leaves lines stored without tiers at their price', () => {
    const old: CartItem = { ...line('navy', 's', 20), price_cents: 2500 };
    delete old.pricing;
    expect(prices(setLineQuantity([old], old, 30))).toEqual([2500]);
  });
});
