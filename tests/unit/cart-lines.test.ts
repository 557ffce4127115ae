import { describe, expect, it } from 'vitest';
import { addLine, decodeCart, itemCount, setLineQuantity } from '../../src/lib/cart/cart-lines.ts';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';

const tee = (over: Partial<CartItem> = {}): CartItem => ({
  productId: 'p1',
  name: 'Caprock Tee',
  price_cents: 2400,
  colorId: 'black',
  colorName: 'Black',
  sizeId: 'l',
  sizeName: 'L',
  quantity: 1,
  image_main_url: null,
  collection: 'west-texas-originals',
  ...over,
});

describe('cart rules (docs/decisions/spec-rules.md#s4)', () => {
  it('merges a line with the same product, colour and size', () => {
    const items = addLine(addLine([], tee({ quantity: 2 })), tee({ quantity: 3 }));
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(5);
  });

  it('appends a new line when colour or size differ', () => {
    const items = addLine(addLine([tee()], tee({ sizeId: 'xl', sizeName: 'XL' })), tee({ colorId: 'red' }));
    expect(items.map((i) => `${i.colorId}/${i.sizeId}`)).toEqual(['black/l', 'black/xl', 'red/l']);
  });

  it('removes a line when its quantity is set to 0 or below', () => {
    const items = [tee(), tee({ productId: 'p2' })];
    expect(setLineQuantity(items, tee(), 0).map((i) => i.productId)).toEqual(['p2']);
    expect(setLineQuantity(items, tee(), -3).map((i) => i.productId)).toEqual(['p2']);
    expect(setLineQuantity(items, tee(), 4)[0]!.quantity).toBe(4);
  });

  it('counts the sum of quantities for the badge', () => {
    expect(itemCount([tee({ quantity: 2 }), tee({ productId: 'p2', quantity: 3 })])).toBe(5);
    expect(itemCount([])).toBe(0);
  });

  it('drops malformed stored data instead of breaking the page', () => {
    expect(decodeCart('not json')).toEqual([]);
    expect(decodeCart('{"a":1}')).toEqual([]);
    expect(decodeCart(JSON.stringify([tee(), { productId: 'x' }, tee({ quantity: 0 })]))).toEqual([tee()]);
  });
});
