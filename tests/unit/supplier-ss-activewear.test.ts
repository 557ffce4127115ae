import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotFound } from '../../src/server/errors.ts';
import { SsActivewearSupplier } from '../../src/server/suppliers/ss-activewear.ts';
import { SS_ACCOUNT, SS_KEY, startSsActivewear } from '../support/ss-activewear-stand-in.ts';
import type { StandIn } from '../support/supplier-stand-in.ts';

let ss: StandIn;
const supplier = (key = SS_KEY, timeoutMs = 2000) =>
  new SsActivewearSupplier({ accountNumber: SS_ACCOUNT, apiKey: key, apiBase: ss.url, timeoutMs });

const ORDER = {
  poNumber: 'PO-1001',
  test: true,
  shipTo: {
    company: 'West Texas Prints',
    attention: 'Receiving',
    address: '100 Main St',
    city: 'Lubbock',
    state: 'TX',
    zip: '79401',
    country: 'US',
  },
  lines: [{ sku: 'B00760013', quantity: 12 }],
};

beforeAll(async () => {
  ss = await startSsActivewear();
});
afterAll(() => ss.close());
afterEach(() => {
  ss.failWith = null;
  ss.requests.length = 0;
});

describe('S&S Activewear adapter against a stand-in of its REST API v2', () => {
  it('finds a style by what the owner types, with every colour x size, cost in cents and weight in ounces', async () => {
    const style = await supplier().findStyle('Gildan 5000');
    expect(style).toMatchObject({ supplier: 'ss-activewear', styleCode: '39', brand: 'Gildan' });
    expect(style.name).toBe('Gildan 5000 Heavy Cotton T-Shirt');
    expect(style.skus).toHaveLength(12);
    expect(style.skus.find((s) => s.colourName === 'Heather Navy' && s.sizeName === '3XL')).toEqual({
      sku: 'B00760478',
      colourName: 'Heather Navy',
      colourHex: '#333f55',
      sizeName: '3XL',
      sizeOrder: 5,
      costCents: 461,
      weightOz: 7.84,
      imageUrl: 'https://www.ssactivewear.com/Images/Color/47_fm.jpg',
      discontinued: false,
    });
    const auth = ss.requests[0]!.headers.authorization;
    expect(auth).toBe(`Basic ${Buffer.from(`${SS_ACCOUNT}:${SS_KEY}`).toString('base64')}`);
  });

  it('answers NotFound for a style S&S does not have', async () => {
    await expect(supplier().findStyle('Gildan 9999')).rejects.toBeInstanceOf(NotFound);
  });

  it('reads cost and stock per warehouse of every SKU of a style', async () => {
    const levels = await supplier().levels('39');
    expect(levels.find((l) => l.sku === 'B00760478')).toEqual({
      sku: 'B00760478',
      costCents: 461,
      warehouses: [
        { warehouse: 'IL', quantity: 0 },
        { warehouse: 'KS', quantity: 8 },
      ],
      discontinued: false,
    });
  });

  it('places a test order with the PO number and lets S&S choose the warehouse', async () => {
    const receipt = await supplier().placeOrder(ORDER);
    expect(receipt).toEqual({ orderNumbers: ['5551234'], totalCents: 3444 });
    const sent = JSON.parse(ss.requests[0]!.body);
    expect(sent).toMatchObject({
      poNumber: 'PO-1001',
      testOrder: true,
      autoselectWarehouse: true,
      lines: [{ identifier: 'B00760013', qty: 12 }],
      shippingAddress: { customer: 'West Texas Prints', zip: '79401' },
    });
  });

  it('says in words why S&S refused an order', async () => {
    const order = { ...ORDER, lines: [{ sku: 'NOPE', quantity: 1 }] };
    await expect(supplier().placeOrder(order)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'supplier_order_refused',
      message: 'S&S Activewear refused the order: Invalid identifier NOPE',
    });
  });

  it('names the settings to check on a 401, and never the key', async () => {
    const error = await supplier('wrong-key')
      .findStyle('Gildan 5000')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', code: 'supplier_credentials_refused' });
    expect((error as Error).message).toContain('SS_ACCOUNT_NUMBER and SS_API_KEY');
    expect(JSON.stringify(error)).not.toContain('wrong-key');
    expect((error as Error).message).not.toContain('wrong-key');
  });

  it('passes on Retry-After of a 429', async () => {
    ss.failWith = 429;
    await expect(supplier().levels('39')).rejects.toMatchObject({
      code: 'supplier_rate_limited',
      retryAfterSeconds: 7,
    });
  });

  it.each([500, 503] as const)('treats a %i as the supplier being down', async (status) => {
    ss.failWith = status;
    await expect(supplier().placeOrder(ORDER)).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'supplier_unavailable',
    });
  });

  it('gives up after its timeout', async () => {
    ss.failWith = 'timeout';
    const started = Date.now();
    await expect(supplier(SS_KEY, 300).levels('39')).rejects.toMatchObject({ code: 'supplier_timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a body that is not its JSON', async () => {
    ss.failWith = 'malformed';
    await expect(supplier().findStyle('Gildan 5000')).rejects.toMatchObject({ code: 'supplier_malformed' });
  });

  it('logs nothing with the credentials', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    ss.failWith = 500;
    await supplier()
      .levels('39')
      .catch(() => {});
    const written = JSON.stringify([logged.mock.calls, warned.mock.calls]);
    expect(written).not.toContain(SS_KEY);
    logged.mockRestore();
    warned.mockRestore();
  });
});
