import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NotFound } from '../../src/server/errors.ts';
import { SanMarSupplier } from '../../src/server/suppliers/sanmar.ts';
import { SANMAR_PASSWORD, SANMAR_USER, startSanMar } from '../support/sanmar-stand-in.ts';
import type { StandIn } from '../support/supplier-stand-in.ts';

let sanmar: StandIn;
const supplier = (password = SANMAR_PASSWORD, timeoutMs = 2000) =>
  new SanMarSupplier({ username: SANMAR_USER, password, apiBase: sanmar.url, timeoutMs });

const ORDER = {
  poNumber: 'PO-2002',
  test: true,
  shipTo: {
    company: 'West Texas Prints & Co',
    attention: 'Receiving',
    address: '100 Main St',
    city: 'Lubbock',
    state: 'TX',
    zip: '79401',
    country: 'US',
  },
  lines: [
    { sku: '1101', quantity: 12 },
    { sku: '1112', quantity: 6 },
  ],
};

beforeAll(async () => {
  sanmar = await startSanMar();
});
afterAll(() => sanmar.close());
afterEach(() => {
  sanmar.failWith = null;
  sanmar.requests.length = 0;
});

describe('SanMar adapter against a stand-in of its PromoStandards SOAP services', () => {
  it('finds PC61 with every colour x size, cost of one piece from Pricing and Configuration', async () => {
    const style = await supplier().findStyle('Port & Company PC61');
    expect(style).toMatchObject({
      supplier: 'sanmar',
      styleCode: 'PC61',
      brand: 'Port & Company',
      name: 'Port & Company Essential Tee',
    });
    expect(style.skus).toHaveLength(10);
    expect(style.skus.find((s) => s.sku === '1104')).toEqual({
      sku: '1104',
      colourName: 'Jet Black',
      colourHex: '#000000',
      sizeName: '2XL',
      sizeOrder: 6,
      costCents: 455,
      weightOz: 5.44,
      imageUrl: 'https://cdnm.sanmar.com/imglib/mresjpg/PC61.jpg',
      discontinued: false,
    });
    const first = sanmar.requests[0]!;
    expect(first.path).toBe('/promostandards/ProductDataServiceV2.xml');
    expect(first.headers.soapaction).toBe('getProduct');
    expect(first.body).toContain('<shar:wsVersion>2.0.0</shar:wsVersion>');
  });

  it('answers NotFound for a product SanMar does not have (ServiceMessage 130)', async () => {
    await expect(supplier().findStyle('PC99')).rejects.toBeInstanceOf(NotFound);
  });

  it('reads stock per warehouse (Inventory 2.0.0) with the cost of each part', async () => {
    const levels = await supplier().levels('PC61');
    expect(levels).toHaveLength(10);
    expect(levels[3]).toEqual({
      sku: '1103',
      costCents: 249,
      warehouses: [
        { warehouse: 'Seattle, WA', quantity: 12 },
        { warehouse: 'Dallas, TX', quantity: 18 },
      ],
      discontinued: false,
    });
  });

  it('sends a PO with sendPO, one line item per part, escaped, and keeps the transaction id', async () => {
    const receipt = await supplier().placeOrder(ORDER);
    expect(receipt).toEqual({ orderNumbers: ['880042'], totalCents: null });
    const sent = sanmar.requests[0]!;
    expect(sent.path).toBe('/promostandards/POServiceBinding');
    expect(sent.body).toContain('West Texas Prints &amp; Co');
    const po = new XMLParser({ removeNSPrefix: true, parseTagValue: false }).parse(sent.body).Envelope.Body
      .SendPORequest.PO;
    expect(po.orderNumber).toBe('PO-2002');
    expect(
      po.LineItemArray.LineItem.map((l: { PartArray: { Part: { partId: string } } }) => l.PartArray.Part.partId),
    ).toEqual(['1101', '1112']);
  });

  it('says in words why SanMar refused a PO', async () => {
    await expect(supplier().placeOrder({ ...ORDER, lines: [{ sku: '9999', quantity: 1 }] })).rejects.toMatchObject({
      code: 'supplier_order_refused',
      message: 'SanMar refused the order: Part 9999 is not valid',
    });
  });

  it('never sends a test order to SanMar production', async () => {
    const production = new SanMarSupplier({ username: SANMAR_USER, password: SANMAR_PASSWORD, timeoutMs: 2000 });
    await expect(production.placeOrder(ORDER)).rejects.toMatchObject({ code: 'supplier_no_test_orders' });
  });

  it('names the settings on refused credentials (ServiceMessage 105 or HTTP 401), never the password', async () => {
    const error = await supplier('wrong-pw')
      .levels('PC61')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'supplier_credentials_refused' });
    expect((error as Error).message).toContain('SANMAR_USERNAME and SANMAR_PASSWORD');
    expect((error as Error).message).not.toContain('wrong-pw');
    sanmar.failWith = 401;
    await expect(supplier().findStyle('PC61')).rejects.toMatchObject({ code: 'supplier_credentials_refused' });
  });

  it('passes on Retry-After of a 429', async () => {
    sanmar.failWith = 429;
    await expect(supplier().levels('PC61')).rejects.toMatchObject({
      code: 'supplier_rate_limited',
      retryAfterSeconds: 7,
    });
  });

  it('treats a 500 as SanMar being down', async () => {
    sanmar.failWith = 500;
    await expect(supplier().placeOrder(ORDER)).rejects.toMatchObject({ code: 'supplier_unavailable' });
  });

  it('gives up after its timeout', async () => {
    sanmar.failWith = 'timeout';
    await expect(supplier(SANMAR_PASSWORD, 300).findStyle('PC61')).rejects.toMatchObject({ code: 'supplier_timeout' });
  });

  it('refuses an answer that is not a PromoStandards SOAP body', async () => {
    sanmar.failWith = 'malformed';
    await expect(supplier().levels('PC61')).rejects.toMatchObject({ code: 'supplier_malformed' });
  });
});
