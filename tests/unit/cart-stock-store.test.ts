import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import type { RefreshedLine } from '../../src/lib/cart/cart-schema.ts';

// The store reaches the network only through the HTTP client; a fake stands in for it.
const post = vi.fn<(path: string, body: unknown) => Promise<unknown>>();
vi.mock('../../src/lib/browser/http.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/browser/http.ts')>();
  return { ...real, api: { post, get: vi.fn() } };
});

const cart = await import('../../src/stores/cart.ts');
const stock = await import('../../src/stores/cart-stock.ts');
const { lineKey } = await import('../../src/lib/browser/cart-stock.ts');

const CAP = '5f0c5b7e-8f7a-4a51-9a53-0b6a6c7d8e90';
const item = (over: Partial<CartItem> = {}): CartItem => ({
  productId: CAP,
  name: 'City Champ Rope Cap',
  price_cents: 3900,
  colorId: null,
  colorName: null,
  sizeId: null,
  sizeName: null,
  quantity: 2,
  image_main_url: null,
  collection: 'city-champ-golf',
  ...over,
});
const answer = (over: Partial<RefreshedLine> = {}) => ({
  lines: [
    {
      productId: CAP,
      colorId: null,
      sizeId: null,
      purchasable: true,
      price_cents: 4200,
      available: 1,
      message: null,
      ...over,
    },
  ],
});

beforeEach(() => {
  cart.clearCart();
  stock.$cartStock.set({});
  post.mockReset();
});

describe('cart refresh store (docs/decisions/0013-trust-audit.md items 6 and 7)', () => {
  it('re-reads every line in one call and stores today’s price, the change and the stock', async () => {
    cart.addToCart(item());
    post.mockResolvedValue(answer());
    await stock.refreshCart();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('cart/refresh', {
      items: [{ productId: CAP, colorId: null, sizeId: null, quantity: cart.$cartItems.get()[0]!.quantity }],
    });
    expect(cart.$cartItems.get()[0]!.price_cents).toBe(4200);
    expect(stock.$priceChanges.get()).toMatchObject([{ name: 'City Champ Rope Cap', from: 3900, to: 4200 }]);
    expect(stock.$cartStock.get()[lineKey(item())]).toEqual({ available: 1, unavailable: null });
    // The pricing the summary shows follows.
    expect(cart.$pricing.get().subtotal_cents).toBe(8400);
  });

  it('asks once while a refresh is on its way, and not at all for an empty cart', async () => {
    await stock.refreshCart();
    expect(post).not.toHaveBeenCalled();
    cart.addToCart(item());
    post.mockResolvedValue(answer());
    await Promise.all([stock.refreshCart(), stock.refreshCart()]);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('asks once a page view on opening the cart, whether the page or the island asks first', async () => {
    cart.addToCart(item());
    post.mockResolvedValue(answer());
    await stock.refreshCartOnOpen();
    await stock.refreshCartOnOpen();
    expect(post).toHaveBeenCalledTimes(1);
    // A later refresh (the drawer, a change) still asks.
    await stock.refreshCart();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('keeps the cart as it was when the refresh fails', async () => {
    cart.addToCart(item());
    post.mockRejectedValue(new Error('offline'));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await stock.refreshCart();
    quiet.mockRestore();
    expect(cart.$cartItems.get()).toEqual([item()]);
    expect(stock.$cartStock.get()).toEqual({});
  });

  it('drops the news of a line once it leaves the cart', async () => {
    cart.addToCart(item());
    post.mockResolvedValue(answer());
    await stock.refreshCart();
    cart.removeFromCart(item());
    expect(stock.$priceChanges.get()).toEqual([]);
  });

  it('takes in the lines of a checkout 409', () => {
    stock.noteCheckoutConflict('out_of_stock', [
      { index: 0, productId: CAP, colorId: null, sizeId: null, available: 1, message: 'Only 1 left of Cap.' },
    ]);
    expect(stock.$cartStock.get()[lineKey(item())]).toEqual({ available: 1, unavailable: null });
  });
});
