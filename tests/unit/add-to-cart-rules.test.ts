import { describe, expect, it } from 'vitest';
import {
  autoSizeId,
  canAddToCart,
  cartLine,
  clampQuantity,
  isColorDisabled,
  isSizeDisabled,
  quickAddLine,
  selectionStock,
} from '../../src/lib/cart/add-to-cart.ts';
import { lineImageAlt } from '../../src/lib/cart/cart-lines.ts';
import { checkoutPayload, parseAppliedDiscount, syncPayload } from '../../src/lib/cart/cart-payloads.ts';
import { recommendProducts } from '../../src/lib/cart/recommendations.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { bannerList } from '../support/price-list-fixtures.ts';

const product = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 'tee',
  name: 'Spirit Tee',
  slug: 'spirit-tee',
  sku: null,
  product_type: 'apparel',
  description: '',
  price_cents: 2200,
  minimum_quantity: 1,
  price_tiers: [],
  print_locations: [],
  image_main_url: '/images/products/spirit-tee.webp',
  image_secondary_url: null,
  collection: { slug: 'friday-night-lights', name: 'Friday Night Lights' },
  colors: [
    { id: 'red', name: 'Red', hex: '#c00' },
    { id: 'black', name: 'Black', hex: '#000' },
  ],
  sizes: [
    { id: 's', name: 'S' },
    { id: 'm', name: 'M' },
  ],
  // Red: S 4, M 0. Black: S 0, M 0 (sold out in every size).
  variants: [
    { color_id: 'red', size_id: 's', stock_qty: 4 },
    { color_id: 'red', size_id: 'm', stock_qty: 0 },
    { color_id: 'black', size_id: 's', stock_qty: 0 },
    { color_id: 'black', size_id: 'm', stock_qty: 0 },
  ],
  stock_qty: null,
  weight_oz: null,
  length_in: null,
  width_in: null,
  height_in: null,
  ...over,
});
const cap = product({
  id: 'cap',
  colors: [{ id: 'navy', name: 'Navy', hex: '#002' }],
  sizes: [{ id: 'fits', name: 'fits all' }],
  variants: [{ color_id: 'navy', size_id: 'fits', stock_qty: 2 }],
});
const sticker = product({ id: 'sticker', colors: [], sizes: [], variants: [], stock_qty: 3 });

describe('Add to Cart rules (docs/decisions/spec-rules.md#s5)', () => {
  it('sums the stock of the variants a partial selection matches', () => {
    expect(selectionStock(product(), { colorId: null, sizeId: null })).toBe(4);
    expect(selectionStock(product(), { colorId: 'red', sizeId: null })).toBe(4);
    expect(selectionStock(product(), { colorId: 'red', sizeId: 'm' })).toBe(0);
    expect(selectionStock(sticker, { colorId: null, sizeId: null })).toBe(3);
    expect(selectionStock({ variants: [], stock_qty: null }, { colorId: null, sizeId: null })).toBeNull();
  });

  it('disables a colour with no stock in the chosen size, or in any size when none is chosen', () => {
    expect(isColorDisabled(product(), 'black', null)).toBe(true);
    expect(isColorDisabled(product(), 'red', null)).toBe(false);
    expect(isColorDisabled(product(), 'red', 'm')).toBe(true);
  });

  it('disables sizes the same way', () => {
    expect(isSizeDisabled(product(), 'm', null)).toBe(true);
    expect(isSizeDisabled(product(), 's', null)).toBe(false);
    expect(isSizeDisabled(product(), 's', 'black')).toBe(true);
  });

  it('disables nothing when stock is kept on the product, not on variants', () => {
    expect(isColorDisabled(sticker, 'x', null)).toBe(false);
  });

  it('selects a single size (fits all) by itself', () => {
    expect(autoSizeId(cap)).toBe('fits');
    expect(autoSizeId(product())).toBeNull();
    expect(autoSizeId(sticker)).toBeNull();
  });

  it('clamps quantity to at least 1 and at most a positive stock', () => {
    expect(clampQuantity(0, 4)).toBe(1);
    expect(clampQuantity(-3, null)).toBe(1);
    expect(clampQuantity(9, 4)).toBe(4);
    expect(clampQuantity(9, null)).toBe(9);
    expect(clampQuantity(9, 0)).toBe(9);
    expect(clampQuantity(2.7, 4)).toBe(2);
    expect(clampQuantity(Number.NaN, 4)).toBe(1);
  });

  it('enables Add to Cart only with a colour, a size, a quantity within stock and stock above 0', () => {
    const p = product();
    expect(canAddToCart(p, { colorId: null, sizeId: 's', quantity: 1 })).toBe(false);
    expect(canAddToCart(p, { colorId: 'red', sizeId: null, quantity: 1 })).toBe(false);
    expect(canAddToCart(p, { colorId: 'red', sizeId: 's', quantity: 1 })).toBe(true);
    expect(canAddToCart(p, { colorId: 'red', sizeId: 's', quantity: 4 })).toBe(true);
    expect(canAddToCart(p, { colorId: 'red', sizeId: 's', quantity: 5 })).toBe(false);
    expect(canAddToCart(p, { colorId: 'red', sizeId: 's', quantity: 0 })).toBe(false);
    expect(canAddToCart(p, { colorId: 'red', sizeId: 'm', quantity: 1 })).toBe(false);
    expect(canAddToCart(cap, { colorId: 'navy', sizeId: null, quantity: 2 })).toBe(true);
    expect(canAddToCart(sticker, { colorId: null, sizeId: null, quantity: 3 })).toBe(true);
    expect(canAddToCart({ ...sticker, stock_qty: 0 }, { colorId: null, sizeId: null, quantity: 1 })).toBe(false);
    expect(canAddToCart({ ...sticker, stock_qty: null }, { colorId: null, sizeId: null, quantity: 50 })).toBe(true);
  });

  it('builds the cart line with the names of the chosen colour and size', () => {
    expect(cartLine(product(), { colorId: 'red', sizeId: 's', quantity: 2 })).toEqual({
      productId: 'tee',
      name: 'Spirit Tee',
      price_cents: 2200,
      colorId: 'red',
      colorName: 'Red',
      sizeId: 's',
      sizeName: 'S',
      quantity: 2,
      image_main_url: '/images/products/spirit-tee.webp',
      collection: 'friday-night-lights',
    });
  });

  it('gives the line the chosen colour’s own picture, and the main image for a colour without one', () => {
    const pictured = product({
      colors: [
        { id: 'red', name: 'Red', hex: '#c00', image_url: '/uploads/red-tee.png' },
        { id: 'black', name: 'Black', hex: '#000', image_url: null },
      ],
      variants: [
        { color_id: 'red', size_id: 's', stock_qty: 4 },
        { color_id: 'black', size_id: 's', stock_qty: 4 },
      ],
    });
    const red = cartLine(pictured, { colorId: 'red', sizeId: 's', quantity: 1 });
    expect(red.image_main_url).toBe('/uploads/red-tee.png');
    expect(lineImageAlt(red)).toBe('Spirit Tee in Red');
    const black = cartLine(pictured, { colorId: 'black', sizeId: 's', quantity: 1 });
    expect(black.image_main_url).toBe('/images/products/spirit-tee.webp');
    expect(lineImageAlt(black)).toBe('Spirit Tee in Black');
    // Without a colour the picture stands beside the name it would repeat: decoration.
    expect(lineImageAlt({ name: 'Sticker', colorName: null })).toBe('');
  });

  it('offers quick add only when nothing has to be chosen and something is in stock', () => {
    expect(quickAddLine(product())).toBeNull();
    expect(quickAddLine(cap)).toMatchObject({ colorId: 'navy', sizeId: 'fits', quantity: 1 });
    expect(quickAddLine(sticker)).toMatchObject({ productId: 'sticker', colorId: null, quantity: 1 });
    expect(quickAddLine({ ...sticker, stock_qty: 0 })).toBeNull();
    // Priced by width × height (docs/decisions/0027-price-lists.md), a banner needs its size chosen on its page.
    expect(quickAddLine({ ...sticker, area_list: bannerList })).toBeNull();
  });
});

describe('cart payloads and answers', () => {
  const line = cartLine(product(), { colorId: 'red', sizeId: 's', quantity: 2 });

  it('sends lines without display data to POST /api/cart, and no empty code', () => {
    expect(syncPayload([line], 'c1', '')).toEqual({
      cartId: 'c1',
      items: [{ productId: 'tee', colorId: 'red', sizeId: 's', quantity: 2 }],
      discountCode: null,
    });
  });

  it('sends fulfilment, speed and code to POST /api/cart/checkout', () => {
    const state = { cartId: null, fulfillment: 'local', shippingSpeed: 'express', discountCode: 'SAVE10' } as const;
    expect(checkoutPayload([line], state)).toEqual({
      cartId: null,
      items: [{ productId: 'tee', colorId: 'red', sizeId: 's', quantity: 2, price_cents: 2200 }],
      fulfillment: 'local',
      shippingSpeed: 'express',
      discountCode: 'SAVE10',
    });
  });

  it('reads a discount answer, bare or wrapped, and refuses anything else', () => {
    expect(parseAppliedDiscount({ type: 'fixed', amount_cents: 1000 })).toEqual({ type: 'fixed', amount_cents: 1000 });
    expect(parseAppliedDiscount({ discount: { type: 'free_shipping', amount_cents: 0 } })).toEqual({
      type: 'free_shipping',
      amount_cents: 0,
    });
    expect(parseAppliedDiscount({ type: 'bogus', amount_cents: 1 })).toBeNull();
    expect(parseAppliedDiscount({ type: 'fixed', amount_cents: -5 })).toBeNull();
    expect(parseAppliedDiscount(null)).toBeNull();
  });
});

describe('recommendations (docs/decisions/spec-rules.md#s9: up to 3, excluding items in the cart; up to 4 when empty)', () => {
  const p = (id: string, collection: string, price_cents: number, total_stock: number | null = 10) => ({
    id,
    collection,
    price_cents,
    total_stock,
  });
  const products = [
    p('polo', 'golf', 4200),
    p('cap', 'golf', 2800),
    p('zip', 'golf', 5400, 0),
    p('sticker', 'stickers', 400),
    p('mug', 'goods', 1600),
    p('tote', 'goods', 2000, null),
  ];

  it('leaves out what is in the cart and what is sold out, preferring the cart’s collections', () => {
    const picks = recommendProducts(products, [{ productId: 'polo', collection: 'golf' }], 3);
    expect(picks.map((x) => x.id)).toEqual(['cap', 'sticker', 'mug']);
  });

  it('offers the cheapest add-ons first for an empty cart', () => {
    expect(recommendProducts(products, [], 4).map((x) => x.id)).toEqual(['sticker', 'mug', 'tote', 'cap']);
  });
});
