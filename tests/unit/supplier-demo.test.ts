import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { NotFound } from '../../src/server/errors.ts';
import { DemoSupplier } from '../../src/server/suppliers/demo-supplier.ts';
import { configuredSuppliers, supplierById } from '../../src/server/suppliers/suppliers.ts';

const demo = new DemoSupplier();
const ORDER = {
  poNumber: 'PO-7',
  test: true,
  shipTo: {
    company: 'Shop',
    attention: '',
    address: '1 Main',
    city: 'Lubbock',
    state: 'TX',
    zip: '79401',
    country: 'US',
  },
  lines: [
    { sku: 'DEMO-5000-47-L', quantity: 12 },
    { sku: 'DEMO-5000-47-2XL', quantity: 2 },
  ],
};

describe('the built-in demo supplier', () => {
  it.each(['Gildan 5000', 'gildan  5000', '5000'])('finds Gildan 5000 as "%s": 5 colours x S-3XL', async (typed) => {
    const style = await demo.findStyle(typed);
    expect(style.styleCode).toBe('5000');
    expect(style.skus).toHaveLength(30);
    expect(new Set(style.skus.map((s) => s.sizeName))).toEqual(new Set(['S', 'M', 'L', 'XL', '2XL', '3XL']));
    expect(style.skus.every((s) => s.imageUrl?.startsWith('/images/blanks/') && s.weightOz! > 0)).toBe(true);
  });

  it('charges more for 2XL and 3XL', async () => {
    const style = await demo.findStyle('PC61');
    const cost = (size: string) => style.skus.find((s) => s.colourName === 'Navy' && s.sizeName === size)!.costCents;
    expect([cost('M'), cost('2XL'), cost('3XL')]).toEqual([249, 429, 549]);
  });

  it('has stock per warehouse, steady between calls, and 3XL Heather Navy out everywhere', async () => {
    const first = await demo.levels('5000');
    expect(await demo.levels('5000')).toEqual(first);
    const navy3xl = first.find((l) => l.sku === 'DEMO-5000-47-3XL')!;
    expect(navy3xl.warehouses.map((w) => w.quantity)).toEqual([0, 0, 0]);
    expect(first.find((l) => l.sku === 'DEMO-5000-01-M')!.warehouses.every((w) => w.quantity >= 24)).toBe(true);
  });

  it('answers NotFound for a style it does not have', async () => {
    await expect(demo.findStyle('Bella 3001')).rejects.toBeInstanceOf(NotFound);
  });

  it('places one order per PO number however often it is sent', async () => {
    const first = await demo.placeOrder(ORDER);
    expect(first.totalCents).toBe(12 * 287 + 2 * 461);
    expect(await demo.placeOrder(ORDER)).toEqual(first);
    expect((await demo.placeOrder({ ...ORDER, poNumber: 'PO-8' })).orderNumbers).not.toEqual(first.orderNumbers);
  });

  it('refuses an unknown SKU or a quantity below 1', async () => {
    await expect(demo.placeOrder({ ...ORDER, lines: [{ sku: 'X', quantity: 1 }] })).rejects.toMatchObject({
      code: 'supplier_order_refused',
    });
    await expect(demo.placeOrder({ ...ORDER, lines: [{ sku: 'DEMO-5000-47-L', quantity: 0 }] })).rejects.toMatchObject({
      code: 'supplier_order_refused',
    });
  });
});

describe('the suppliers the shop is set up with', () => {
  it('is the demo supplier alone with nothing set', () => {
    expect(configuredSuppliers(parseConfig({})).map((s) => s.id)).toEqual(['demo']);
  });

  it('adds S&S and SanMar when their credentials are set, and drops the demo in production', () => {
    const set = { SS_ACCOUNT_NUMBER: '1', SS_API_KEY: 'k', SANMAR_USERNAME: 'u', SANMAR_PASSWORD: 'p' };
    expect(configuredSuppliers(parseConfig(set)).map((s) => s.id)).toEqual(['demo', 'ss-activewear', 'sanmar']);
    const production = { ...parseConfig(set), SHOP_ENV: 'production' as const };
    expect(configuredSuppliers(production).map((s) => s.id)).toEqual(['ss-activewear', 'sanmar']);
  });

  it('refuses half a pair of credentials', () => {
    expect(() => parseConfig({ SS_ACCOUNT_NUMBER: '1' })).toThrow(/SS_ACCOUNT_NUMBER and SS_API_KEY are set together/);
    expect(() => parseConfig({ SANMAR_PASSWORD: 'p' })).toThrow(/SANMAR_USERNAME and SANMAR_PASSWORD/);
  });

  it('refuses a supplier without settings, on its field', () => {
    let error: unknown;
    try {
      supplierById('sanmar', configuredSuppliers(parseConfig({})));
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({ kind: 'invalid', fields: { supplier: expect.stringContaining('no settings') } });
  });
});
