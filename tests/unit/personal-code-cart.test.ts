import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutPayload } from '../../src/lib/cart/cart-payloads.ts';
import { PERSONAL_CODE_MESSAGES } from '../../src/lib/cart/personal-code.ts';

// The store reaches the network only through the HTTP client; a fake stands in for it.
const post = vi.fn<(path: string, body: unknown) => Promise<unknown>>();
vi.mock('../../src/lib/browser/http.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/browser/http.ts')>();
  return { ...real, api: { post, get: vi.fn() } };
});
const cart = await import('../../src/stores/cart.ts');

beforeEach(() => {
  cart.clearCart();
  post.mockReset();
});

describe('cart store: a personal promo code asks for its e-mail (docs/decisions/0013-trust-audit.md)', () => {
  it('remembers that an applied code needs its e-mail, and forgets it with the code', async () => {
    post.mockResolvedValue({ code: 'WT-7KQ4ZP', type: 'percentage', amount_cents: 1000, requires_email: true });
    await cart.applyDiscount('wt-7kq4zp');
    expect(cart.$discountNeedsEmail.get()).toBe(true);
    cart.setCheckoutEmail('sam@example.com');
    cart.setCheckoutEmailError(PERSONAL_CODE_MESSAGES.mismatch);
    cart.removeDiscount();
    expect(cart.$discountNeedsEmail.get()).toBe(false);
    expect(cart.$checkoutEmail.get()).toBe('');
    expect(cart.$checkoutEmailError.get()).toBe('');
  });

  it('asks for the e-mail when checkout says a code applied earlier needs it, but never without a code', async () => {
    cart.requireCheckoutEmail();
    expect(cart.$discountNeedsEmail.get()).toBe(false);
    post.mockResolvedValue({ code: 'WT-7KQ4ZP', type: 'percentage', amount_cents: 1000 });
    await cart.applyDiscount('WT-7KQ4ZP');
    expect(cart.$discountNeedsEmail.get()).toBe(false);
    cart.requireCheckoutEmail();
    expect(cart.$discountNeedsEmail.get()).toBe(true);
  });

  it('does not ask for an e-mail for a code anyone may use', async () => {
    post.mockResolvedValue({ code: 'SAVE10', type: 'fixed', amount_cents: 1000, requires_email: false });
    await cart.applyDiscount('save10');
    expect(cart.$discountNeedsEmail.get()).toBe(false);
  });

  it('checks the typed address with the shop e-mail rule before checkout sends it', async () => {
    cart.setCheckoutEmail('   ');
    expect(await cart.checkoutEmailProblem()).toBe(PERSONAL_CODE_MESSAGES.emailRequired);
    cart.setCheckoutEmail('sam@example');
    expect(await cart.checkoutEmailProblem()).toBe(PERSONAL_CODE_MESSAGES.invalidEmail);
    cart.setCheckoutEmail(' Sam+Shop@Example.com ');
    expect(await cart.checkoutEmailProblem()).toBe('');
  });
});

describe('the checkout payload with a personal code', () => {
  const state = { cartId: null, fulfillment: 'local' as const, shippingSpeed: 'standard' as const };

  it('carries the e-mail (trimmed) only together with a code', () => {
    expect(checkoutPayload([], { ...state, discountCode: 'WT-7KQ4ZP', email: ' sam@example.com ' })).toMatchObject({
      discountCode: 'WT-7KQ4ZP',
      email: 'sam@example.com',
    });
    expect(checkoutPayload([], { ...state, discountCode: '', email: 'sam@example.com' })).not.toHaveProperty('email');
    expect(checkoutPayload([], { ...state, discountCode: 'SAVE10' })).not.toHaveProperty('email');
  });
});
