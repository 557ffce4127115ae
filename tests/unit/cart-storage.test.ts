import { setPersistentEngine } from '@nanostores/persistent';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import { readStoredCart } from '../../src/lib/browser/cart-storage.ts';

// The stores write to this object, as a browser's localStorage; readStoredCart reads it back.
const stored: Record<string, string> = {};
setPersistentEngine(stored, { addEventListener() {}, removeEventListener() {} });
const cart = await import('../../src/stores/cart.ts');
const storage = { getItem: (key: string) => stored[key] ?? null };

const line = (over: Partial<CartItem> = {}): CartItem => ({
  productId: '5f0c5b7e-8f7a-4a51-9a53-0b6a6c7d8e90',
  name: 'City Champ Rope Cap',
  price_cents: 2800,
  colorId: null,
  colorName: null,
  sizeId: null,
  sizeName: null,
  quantity: 2,
  image_main_url: null,
  collection: 'city-champ-golf',
  ...over,
});

describe('readStoredCart: the cart page’s first paint reads what the stores keep', () => {
  it('reads back what the stores wrote: lines, fulfilment, speed, applied code and its e-mail flag', () => {
    cart.addToCart(line());
    cart.addToCart(line({ productId: '0e4f9a2c-1b7d-4c8e-9f3a-2d5b6c7e8f90', name: 'Sticker', quantity: 3 }));
    cart.setFulfillment('local');
    cart.setShippingSpeed('overnight');
    cart.$appliedDiscount.set({ type: 'percentage', amount_cents: 1000 });
    cart.$discountCode.set('WELCOME10');
    cart.$discountNeedsEmail.set(true);
    cart.setRush('rush-7');

    expect(readStoredCart(storage)).toEqual({
      items: cart.$cartItems.get(),
      fulfillment: 'local',
      shippingSpeed: 'overnight',
      discount: { type: 'percentage', amount_cents: 1000 },
      discountCode: 'WELCOME10',
      discountNeedsEmail: true,
      rush: 'rush-7',
    });
    expect(readStoredCart(storage).items.map((i) => i.quantity)).toEqual([2, 3]);

    cart.clearCart();
    cart.setFulfillment('shipping');
    expect(readStoredCart(storage)).toMatchObject({ items: [], fulfillment: 'shipping', discount: null });
  });

  it('gives each store’s default for what is missing or cannot be read', () => {
    expect(readStoredCart({ getItem: () => null })).toEqual({
      items: [],
      fulfillment: 'shipping',
      shippingSpeed: 'standard',
      discount: null,
      discountCode: '',
      discountNeedsEmail: false,
      rush: null,
    });
    const garbled: Record<string, string> = {
      cart: '[{"name":"no product id"},',
      fulfillment: 'drone',
      shippingSpeed: 'teleport',
      appliedDiscount: '{"type":"everything","amount_cents":1}',
      discountNeedsEmail: 'yes',
      rush: 'Rush NOW!',
    };
    expect(readStoredCart({ getItem: (key) => garbled[key] ?? null })).toMatchObject({
      items: [],
      fulfillment: 'shipping',
      shippingSpeed: 'standard',
      discount: null,
      discountNeedsEmail: false,
      rush: null,
    });
    // A line the cart cannot use is dropped; the others stay.
    const mixed = JSON.stringify([line(), { ...line(), quantity: 0 }, { name: 'no product id' }]);
    expect(readStoredCart({ getItem: (key) => (key === 'cart' ? mixed : null) }).items).toEqual([line()]);
  });
});
