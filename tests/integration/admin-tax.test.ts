import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminTaxFunction from '../../netlify/functions/admin-tax.mts';
import adminTaxRates from '../../netlify/functions/admin-tax-rates.mts';
import type { AdminTax } from '../../src/lib/admin-schemas/tax.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Issue 50: the owner sets the shop's tax rules in the admin, typing percentages (never
 * thousandths), and imports a rate file whose bad rows are named by line, with nothing stored.
 */
const { authorization } = adminProductSaves();

const send = (handler: typeof adminTaxFunction, path: string, method: string, body?: unknown) =>
  callFunction(handler, path, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe.each(DATABASE_KINDS)('the admin’s tax rules on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const stored = () => database.db.selectFrom('tax_rates').selectAll().orderBy('state').orderBy('zip_prefix').execute();

  it('reads the demo rules as percentages and saves the shop’s own rate typed as one', async () => {
    const read = (await (await send(adminTaxFunction, '/api/admin/tax', 'GET')).json()) as AdminTax;
    expect(read).toEqual({
      origin_rate: '8',
      origin_shipping_taxable: false,
      rounding: 'order',
      stripe_tax: false,
      rates: [],
    });

    const saved = await send(adminTaxFunction, '/api/admin/tax', 'PUT', {
      origin_rate: '8.25',
      origin_shipping_taxable: true,
      rounding: 'line',
      stripe_tax: false,
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as AdminTax).origin_rate).toBe('8.25');
    const row = await database.db.selectFrom('tax_settings').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ origin_rate_milli: 8_250, origin_shipping_taxable: true, rounding: 'line' });
  });

  it('refuses a rate that is no percentage, naming the field, and keeps the saved one', async () => {
    for (const origin_rate of ['825', '-1', '8.2525', '8,25']) {
      const res = await send(adminTaxFunction, '/api/admin/tax', 'PUT', {
        origin_rate,
        origin_shipping_taxable: false,
        rounding: 'order',
        stripe_tax: false,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields).toHaveProperty('origin_rate');
    }
    const row = await database.db.selectFrom('tax_settings').select('origin_rate_milli').executeTakeFirstOrThrow();
    expect(row.origin_rate_milli).toBe(8_250);
  });

  it('imports a rate file, replacing every rate, and shows the rates as percentages', async () => {
    const csv = 'state,zip prefix,rate,shipping taxable,place\nTX,,6.25,yes,\nTX,794,8.25,yes,Lubbock\nOK,,4.5,no,\n';
    const res = await send(adminTaxRates, '/api/admin/tax/rates', 'PUT', { csv });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminTax).rates).toEqual([
      { state: 'OK', zip_prefix: null, rate: '4.5', shipping_taxable: false, place: null },
      { state: 'TX', zip_prefix: null, rate: '6.25', shipping_taxable: true, place: null },
      { state: 'TX', zip_prefix: '794', rate: '8.25', shipping_taxable: true, place: 'Lubbock' },
    ]);
    const again = await send(adminTaxRates, '/api/admin/tax/rates', 'PUT', { csv: 'NM,,5.125,no\n' });
    expect(again.status).toBe(200);
    expect((await stored()).map((r) => [r.state, r.rate_milli])).toEqual([['NM', 5_125]]);
  });

  it('refuses a file with a bad row whole, naming each bad row by its line, and stores nothing', async () => {
    const before = await stored();
    const csv = 'state,zip prefix,rate,shipping taxable\nTX,,6.25,yes\nTX,79A,8.25,yes\nCA,,7.25,yes\nOK,,45,no\n';
    const res = await send(adminTaxRates, '/api/admin/tax/rates', 'PUT', { csv });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody & { error: { message: string } };
    expect(body.error.code).toBe('invalid_rate_file');
    expect(body.error.message).toBe('The file was not imported: 2 lines need fixing.');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['row 3', 'row 5']);
    expect(body.error.fields?.['row 5']).toContain('“45” is not a rate');
    expect(await stored()).toEqual(before);
  });
});
