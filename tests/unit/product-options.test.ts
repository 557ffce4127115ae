import { describe, expect, it } from 'vitest';
import {
  firstChoice,
  optionsKey,
  optionsView,
  reconcileChoice,
  withStock,
} from '../../src/lib/catalog/product-options.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';

const tee: ProductDetail = {
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
  image_main_url: null,
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
  variants: [
    { color_id: 'red', size_id: 's', stock_qty: 4 },
    { color_id: 'red', size_id: 'm', stock_qty: 2 },
    { color_id: 'black', size_id: 's', stock_qty: 0 },
    { color_id: 'black', size_id: 'm', stock_qty: 0 },
  ],
  stock_qty: null,
  weight_oz: null,
  length_in: null,
  width_in: null,
  height_in: null,
};

describe('product options (the island and its pre-hydration preview draw from these)', () => {
  it('starts with nothing chosen and a quantity of 1, or the single size when there is only one', () => {
    expect(firstChoice(tee)).toEqual({ colorId: null, sizeId: null, quantity: 1 });
    expect(firstChoice({ ...tee, sizes: [{ id: 'one', name: 'fits all' }] }).sizeId).toBe('one');
  });

  it('drops a colour or size the product no longer offers and re-clamps the quantity to the stock', () => {
    expect(reconcileChoice(tee, { colorId: 'blue', sizeId: 'm' }, 1)).toEqual({
      colorId: null,
      sizeId: 'm',
      quantity: 1,
    });
    expect(reconcileChoice(tee, { colorId: 'red', sizeId: 'm' }, 5).quantity).toBe(2);
  });

  it('shows availability, disabled options and whether Add to Cart is allowed for a choice', () => {
    const first = optionsView(tee, firstChoice(tee));
    expect(first).toMatchObject({ availability: 'In stock', tone: 'in', max: 6, allowed: false });
    expect(first.colorDisabled('black')).toBe(true);
    expect(first.colorDisabled('red')).toBe(false);

    const redM = optionsView(tee, { colorId: 'red', sizeId: 'm', quantity: 1 });
    expect(redM).toMatchObject({ availability: 'Only 2 left', tone: 'low', max: 2, allowed: true });
    const soldOut = optionsView(tee, { colorId: 'black', sizeId: 's', quantity: 1 });
    expect(soldOut).toMatchObject({ availability: 'Out of stock', tone: 'low', max: undefined, allowed: false });
  });

  it('keys the options by their colours and sizes only, so a change of stock keeps the key', () => {
    const restocked = withStock(tee, { variants: tee.variants.map((v) => ({ ...v, stock_qty: 9 })), stock_qty: null });
    expect(restocked.name).toBe('Spirit Tee');
    expect(optionsView(restocked, firstChoice(restocked)).availability).toBe('In stock');
    expect(optionsKey(restocked)).toBe(optionsKey(tee));
    expect(optionsKey({ ...tee, colors: tee.colors.slice(1) })).not.toBe(optionsKey(tee));
    expect(optionsKey({ ...tee, sizes: [...tee.sizes, { id: 'l', name: 'L' }] })).not.toBe(optionsKey(tee));
  });
});
