import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminQuoteRequests from '../../netlify/functions/admin-quote-requests.mts';
import adminQuotes from '../../netlify/functions/admin-quotes.mts';
import settingsFn from '../../netlify/functions/admin-payment-settings.mts';
import type { AdminPaymentSettings } from '../../src/lib/admin-schemas/payment-settings.ts';
import type { AdminQuoteRequestDetail } from '../../src/lib/admin-schemas/quote-requests.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * The owner's payment settings (docs/decisions/0029-deposits.md): the deposit share a new quote starts at and the
 * bank-transfer minimum, read and saved in the admin, refused in words at the field.
 */
const { authorization } = adminProductSaves();

const settings = (method: 'GET' | 'PUT', body?: unknown, auth: string | null = authorization) =>
  callFunction(settingsFn, '/api/admin/payment-settings', {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe.each(DATABASE_KINDS)('payment settings on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('starts at a 50 % deposit and no bank transfer', async () => {
    const res = await settings('GET');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ default_deposit_percent: 50, bank_transfer_min_cents: null });
  });

  it('saves both and answers what is stored; a field left out keeps its value', async () => {
    const saved = await settings('PUT', { default_deposit_percent: 30, bank_transfer_min_cents: 250_000 });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({ default_deposit_percent: 30, bank_transfer_min_cents: 250_000 });
    const partial = await settings('PUT', { bank_transfer_min_cents: 100_000 });
    expect(await partial.json()).toMatchObject({ default_deposit_percent: 30, bank_transfer_min_cents: 100_000 });
    expect(((await (await settings('GET')).json()) as AdminPaymentSettings).bank_transfer_min_cents).toBe(100_000);
    // Empty: never offer bank transfer.
    const never = await settings('PUT', { bank_transfer_min_cents: null });
    expect(await never.json()).toMatchObject({ default_deposit_percent: 30, bank_transfer_min_cents: null });
  });

  it.each([
    [{ default_deposit_percent: 0 }, 'default_deposit_percent', 'The deposit is at least 1 %.'],
    [{ default_deposit_percent: 101 }, 'default_deposit_percent', 'The deposit is at most 100 % (the whole quote).'],
    [{ default_deposit_percent: 33.5 }, 'default_deposit_percent', 'Use a whole percent, e.g. 50.'],
    [{ default_deposit_percent: 'half' }, 'default_deposit_percent', 'Type the deposit share in percent, 1 to 100.'],
    [{ bank_transfer_min_cents: -100 }, 'bank_transfer_min_cents', 'The amount is $0.00 or more.'],
    [{ bank_transfer_min_cents: 1000.5 }, 'bank_transfer_min_cents', 'Use whole cents: at most two decimals.'],
    [{ bank_transfer_min_cents: 100_000_001 }, 'bank_transfer_min_cents', 'The amount is at most $1,000,000.00.'],
    [{ default_deposit_percent: 40, surcharge: 3 }, '_', expect.stringContaining('surcharge')],
  ])('refuses %j with 400 at %s, in words, storing nothing', async (body, field, message) => {
    const before = await snapshot(database.db);
    const res = await settings('PUT', body);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.fields?.[field]).toEqual(message);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('answers 401 to a caller who is not signed in, reading and saving nothing', async () => {
    const before = await snapshot(database.db);
    expect((await settings('GET', undefined, null)).status).toBe(401);
    expect((await settings('PUT', { default_deposit_percent: 10 }, null)).status).toBe(401);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it("gives a new quote's editor the shop's deposit share; a revision saved without one still takes the whole quote", async () => {
    expect((await settings('PUT', { default_deposit_percent: 25 })).status).toBe(200);
    const { id } = await submitQuoteRequest(
      database.db,
      { what: 'Staff polos', quantity: 40, fullName: 'Pat Settings', emailAddress: 'pat.settings@example.com' },
      { shopEmail: 'shop@example.com' },
    );
    const detail = (await (
      await callFunction(adminQuoteRequests, `/api/quote-requests/${id}`, {
        params: { id },
        headers: { authorization },
      })
    ).json()) as AdminQuoteRequestDetail;
    expect(detail.default_deposit_percent).toBe(25);

    const saved = await callFunction(adminQuotes, `/api/quote-requests/${id}/revisions`, {
      method: 'POST',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        lines: [{ kind: 'custom', description: 'Polo', quantity: 40, unit_price_cents: 2_000, setup_fee_cents: 0 }],
        discount_cents: 0,
        fulfillment: 'shipping',
        shipping_speed: 'standard',
        valid_until: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const revision = await database.db
      .selectFrom('quote_revisions')
      .select('deposit_percent')
      .where('quote_request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(revision.deposit_percent).toBe(100);
  });
});
