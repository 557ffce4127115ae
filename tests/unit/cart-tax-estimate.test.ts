import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxRules } from '../../src/lib/tax/tax-rules.ts';

// The tax store reaches the network only through the HTTP client; a fake stands in for it.
const get = vi.fn<(path: string, searchParams?: Record<string, string>) => Promise<unknown>>();
vi.mock('../../src/lib/browser/http.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/browser/http.ts')>();
  return { ...real, api: { post: vi.fn(), get } };
});

const cart = await import('../../src/stores/cart.ts');
const tax = await import('../../src/stores/tax.ts');

const RULES: TaxRules = {
  originRateMilli: 8_000,
  originShippingTaxable: false,
  rounding: 'order',
  rates: [{ state: 'TX', zipPrefix: '794', rateMilli: 8_250, shippingTaxable: true, place: 'Lubbock' }],
};

beforeEach(() => {
  cart.clearCart();
  tax.setShipTo({ state: '', zip: '' });
  tax.$taxContext.set(null);
  get.mockReset();
});

describe('the cart’s tax estimate (issue 50)', () => {
  it('asks for the ship-to address’s rules and prices the cart with them, shipping taxed', async () => {
    cart.setFulfillment('shipping');
    cart.setShippingSpeed('standard');
    cart.addToCart({
      productId: '5f0c5b7e-8f7a-4a51-9a53-0b6a6c7d8e90',
      name: 'City Champ Rope Cap',
      price_cents: 2_800,
      colorId: null,
      colorName: null,
      sizeId: null,
      sizeName: null,
      quantity: 1,
      image_main_url: null,
      collection: 'city-champ-golf',
    });
    expect(cart.$pricing.get().tax_label).toBe("Tax 8 % — the shop's rate");
    get.mockResolvedValue({ rules: RULES, place: { state: 'TX', zip: '79415' } });
    // Two fields changed in one task (the first paint's typing carried over): each keeps the other.
    tax.setShipTo({ state: 'tx' });
    tax.setShipTo({ zip: '79415' });
    await tax.loadTaxContext('shipping');
    expect(get).toHaveBeenCalledWith('tax-rules', { state: 'TX', zip: '79415' });
    const pricing = cart.$pricing.get();
    expect(pricing.tax_label).toBe('Tax 8.25 % — Lubbock, TX');
    expect(pricing.tax_cents).toBe(Math.round(((2_800 + 500) * 8_250) / 100_000));
  });

  it('asks for the shop’s own rules for a pickup, and nothing for a half-typed address', async () => {
    get.mockResolvedValue({ rules: RULES, place: { state: 'TX', zip: '79701' } });
    await tax.loadTaxContext('local');
    expect(get).toHaveBeenCalledWith('tax-rules', { pickup: '1' });
    get.mockClear();
    tax.setShipTo({ state: 'TX', zip: '794' });
    await tax.loadTaxContext('shipping');
    expect(get).not.toHaveBeenCalled();
    expect(tax.$taxContext.get()).toBeNull();
  });
});
