import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';

// The store reaches the network only through the HTTP client; a fake stands in for it.
const post = vi.fn<(path: string, body: unknown) => Promise<unknown>>();
vi.mock('../../src/lib/browser/http.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/browser/http.ts')>();
  return { ...real, api: { post, get: vi.fn() } };
});

const { ApiError } = await import('../../src/lib/browser/http.ts');
const cart = await import('../../src/stores/cart.ts');

const PRODUCT = '5f0c5b7e-8f7a-4a51-9a53-0b6a6c7d8e90';
const line = (over: Partial<CartItem> = {}): CartItem => ({
  productId: PRODUCT,
  name: 'City Champ Rope Cap',
  price_cents: 2800,
  colorId: null,
  colorName: null,
  sizeId: null,
  sizeName: null,
  quantity: 1,
  image_main_url: null,
  collection: 'city-champ-golf',
  ...over,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  cart.setLoggedIn(false);
  cart.clearCart();
  cart.setFulfillment('shipping');
  cart.setShippingSpeed('standard');
  await settle();
  post.mockReset();
});

describe('cart store: server sync while logged in (docs/decisions/spec-rules.md#s4)', () => {
  it('does not call the server while the logged-in flag is off', async () => {
    cart.addToCart(line());
    await settle();
    expect(post).not.toHaveBeenCalled();
  });

  it('syncs as soon as the flag turns on, and stores the id the server answers', async () => {
    post.mockResolvedValue({ id: 'cart-1' });
    cart.addToCart(line({ quantity: 2 }));
    cart.setLoggedIn(true);
    await settle();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('cart', {
      cartId: null,
      items: [{ productId: PRODUCT, colorId: null, sizeId: null, quantity: 2 }],
      discountCode: null,
    });
    expect(cart.$cartId.get()).toBe('cart-1');
  });

  it('re-syncs after every add, quantity change and removal, sending the known cart id', async () => {
    post.mockResolvedValue({ id: 'cart-7' });
    cart.setLoggedIn(true);
    await settle();
    cart.addToCart(line());
    await settle();
    cart.setCartQuantity(line(), 4);
    await settle();
    cart.removeFromCart(line());
    await settle();
    const bodies = post.mock.calls.map(([, body]) => body as { cartId: string | null; items: unknown[] });
    expect(bodies).toHaveLength(4);
    expect(bodies.slice(1).map((b) => b.cartId)).toEqual(['cart-7', 'cart-7', 'cart-7']);
    expect(bodies.map((b) => b.items.length)).toEqual([0, 1, 1, 0]);
  });

  it('sends changes made during a sync right after it, ending with the latest cart', async () => {
    let release: (value: unknown) => void = () => {};
    post.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    post.mockResolvedValue({ id: 'cart-2' });
    cart.setLoggedIn(true);
    await settle();
    cart.addToCart(line());
    cart.addToCart(line());
    release({ id: 'cart-2' });
    await settle();
    await settle();
    expect(post).toHaveBeenCalledTimes(2);
    expect((post.mock.calls[1]![1] as { items: { quantity: number }[] }).items[0]!.quantity).toBe(2);
  });

  it('keeps the cart when a sync fails (logged only)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    post.mockRejectedValue(new ApiError(503, 'unavailable', 'Try again'));
    cart.setLoggedIn(true);
    cart.addToCart(line());
    await settle();
    expect(cart.$cartItems.get()).toHaveLength(1);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('cart store: discount codes (docs/decisions/spec-rules.md#s4 Discount)', () => {
  it('does nothing for an empty code', async () => {
    await cart.applyDiscount('   ');
    expect(post).not.toHaveBeenCalled();
  });

  it('stores a valid code and its discount, and prices the cart with it', async () => {
    post.mockResolvedValue({ type: 'fixed', amount_cents: 1000 });
    cart.addToCart(line({ quantity: 2 }));
    await cart.applyDiscount(' save10 ');
    expect(post).toHaveBeenCalledWith('discount-codes/validate', { code: 'save10' });
    expect(cart.$discountCode.get()).toBe('save10');
    expect(cart.$appliedDiscount.get()).toEqual({ type: 'fixed', amount_cents: 1000 });
    expect(cart.$pricing.get()).toMatchObject({
      subtotal_cents: 5600,
      discount_cents: 1000,
      total_cents: 4600 + 500 + 368,
    });
  });

  it('clears the code and discount and throws the server message for an invalid code', async () => {
    post.mockResolvedValueOnce({ code: 'SAVE10', type: 'fixed', amount_cents: 1000 });
    await cart.applyDiscount('save10');
    expect(cart.$discountCode.get()).toBe('SAVE10');
    post.mockRejectedValueOnce(new ApiError(409, 'discount_exhausted', 'This code has been used up.'));
    await expect(cart.applyDiscount('HOWDY25')).rejects.toThrow('This code has been used up.');
    expect(cart.$discountCode.get()).toBe('');
    expect(cart.$appliedDiscount.get()).toBeNull();
  });

  it('keeps the applied code when the check could not be made (timeout, outage)', async () => {
    post.mockResolvedValueOnce({ type: 'percentage', amount_cents: 1000 });
    await cart.applyDiscount('WELCOME10');
    post.mockRejectedValueOnce(new ApiError(503, 'unavailable', 'Try again in a moment.'));
    await expect(cart.applyDiscount('SAVE10')).rejects.toThrow('Try again in a moment.');
    expect(cart.$discountCode.get()).toBe('WELCOME10');
  });

  it('removeDiscount clears both, and clearCart empties the cart, its id and its code', async () => {
    post.mockResolvedValue({ type: 'free_shipping', amount_cents: 0 });
    await cart.applyDiscount('FREESHIP');
    cart.removeDiscount();
    expect([cart.$discountCode.get(), cart.$appliedDiscount.get()]).toEqual(['', null]);
    await cart.applyDiscount('FREESHIP');
    cart.addToCart(line());
    cart.clearCart();
    expect([cart.$cartItems.get(), cart.$cartId.get(), cart.$discountCode.get()]).toEqual([[], null, '']);
  });
});

describe('cart store: pricing', () => {
  it('follows fulfilment and shipping speed', () => {
    cart.addToCart(line());
    expect(cart.$pricing.get().shipping_cents).toBe(500);
    cart.setShippingSpeed('overnight');
    expect(cart.$pricing.get().shipping_cents).toBe(2500);
    cart.setFulfillment('local');
    expect(cart.$pricing.get()).toMatchObject({ shipping_cents: 0, total_cents: 2800 + 224 });
  });
});
