import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import accountsFn from '../../netlify/functions/admin-business-accounts.mts';
import type { AdminBusinessAccount } from '../../src/lib/admin-schemas/business-accounts.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Business accounts in the admin (docs/decisions/0029-deposits.md): matched by address or domain,
 * terms, limit, exemption.
 */
const { authorization } = adminProductSaves();

const send = (method: string, id: string | null, body?: unknown) =>
  callFunction(accountsFn, `/api/admin/business-accounts${id ? `/${id}` : ''}`, {
    method,
    params: id ? { id } : {},
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody & { error: { message: string } }).error;

const ector = {
  name: 'Ector County ISD',
  domain: 'Ector.K12.TX.us',
  terms: 'net_30',
  credit_limit_cents: 500_000,
  tax_exempt: true,
};

describe.each(DATABASE_KINDS)('business accounts in the admin on %s', (kind) => {
  let database: TestDatabase;
  let district: AdminBusinessAccount;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('adds an account for every address at a domain, stored lower-case, and lists it', async () => {
    const res = await send('POST', null, ector);
    expect(res.status, await res.clone().text()).toBe(201);
    district = (await res.json()) as AdminBusinessAccount;
    expect(district).toMatchObject({
      name: 'Ector County ISD',
      email: null,
      domain: 'ector.k12.tx.us',
      terms: 'net_30',
      credit_limit_cents: 500_000,
      tax_exempt: true,
      exemption_certificate_artwork_id: null,
      active: true,
    });
    const listed = (await (await send('GET', null)).json()) as AdminBusinessAccount[];
    expect(listed.map((a) => a.name)).toContain('Ector County ISD');
    expect((await (await send('GET', district.id)).json()) as AdminBusinessAccount).toEqual(district);
  });

  it('adds an account for one address with the defaults: due on receipt, no credit, not exempt', async () => {
    const res = await send('POST', null, { name: 'Coach Ramirez', email: ' Coach@Ector.K12.TX.us ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      email: 'coach@ector.k12.tx.us',
      domain: null,
      terms: 'due_on_receipt',
      credit_limit_cents: 0,
      tax_exempt: false,
    });
  });

  it('refuses a domain another account matches with 409 naming that account, storing nothing', async () => {
    const before = await snapshot(database.db);
    const res = await send('POST', null, { ...ector, name: 'Ector again', domain: '@ector.k12.tx.us' });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe('match_taken');
    expect(error.fields?.['domain']).toBe('“Ector County ISD” already matches ector.k12.tx.us.');
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('refuses an address another account matches, also when changing an account to it', async () => {
    const other = (await (
      await send('POST', null, { name: 'Odessa Tigers', email: 'boosters@tigers.org' })
    ).json()) as AdminBusinessAccount;
    const res = await send('PUT', other.id, { email: 'COACH@ector.k12.tx.us' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.['email']).toBe('“Coach Ramirez” already matches coach@ector.k12.tx.us.');
    expect((await (await send('GET', other.id)).json()) as AdminBusinessAccount).toMatchObject({
      email: 'boosters@tigers.org',
    });
  });

  it.each([
    ['a missing name', { ...ector, name: '  ', domain: 'a.org' }, 'name', 'Name is required.'],
    ['a bad e-mail', { name: 'X', email: 'coach@' }, 'email', 'Type one e-mail address, e.g. coach@school.org.'],
    [
      'a bad domain',
      { name: 'X', domain: 'ector k12' },
      'domain',
      'Type a domain like ector.k12.tx.us (the part after the @).',
    ],
    [
      'an address and a domain',
      { name: 'X', email: 'a@b.org', domain: 'b.org' },
      'domain',
      'Match one address or one domain, not both.',
    ],
    ['no match at all', { name: 'X' }, 'email', 'Type the e-mail address or the domain this account matches.'],
    [
      'unknown terms',
      { name: 'X', domain: 'c.org', terms: 'net_60' },
      'terms',
      'Choose Due on receipt, Net 15 or Net 30.',
    ],
    [
      'a negative limit',
      { name: 'X', domain: 'c.org', credit_limit_cents: -100 },
      'credit_limit_cents',
      'The credit limit is $0.00 or more.',
    ],
    [
      'a fractional limit',
      { name: 'X', domain: 'c.org', credit_limit_cents: 10.5 },
      'credit_limit_cents',
      'Use whole cents: at most two decimals.',
    ],
    [
      'a limit too large',
      { name: 'X', domain: 'c.org', credit_limit_cents: 100_000_001 },
      'credit_limit_cents',
      'The credit limit is at most $1,000,000.00.',
    ],
    ['a name too long', { name: 'x'.repeat(121), domain: 'c.org' }, 'name', 'Use at most 120 characters.'],
  ])('refuses %s with 400 at the field, storing nothing', async (_what, body, field, message) => {
    const before = await snapshot(database.db);
    const res = await send('POST', null, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('edits the limit and terms, keeping what was not sent', async () => {
    const res = await send('PUT', district.id, { credit_limit_cents: 750_000, terms: 'net_15' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      credit_limit_cents: 750_000,
      terms: 'net_15',
      domain: 'ector.k12.tx.us',
      tax_exempt: true,
    });
  });

  it('refuses a bad edit at the field and keeps the stored account', async () => {
    const res = await send('PUT', district.id, { credit_limit_cents: -1 });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.['credit_limit_cents']).toBe('The credit limit is $0.00 or more.');
    expect((await (await send('GET', district.id)).json()) as AdminBusinessAccount).toMatchObject({
      credit_limit_cents: 750_000,
    });
  });

  it('switches a match from domain to one address', async () => {
    const made = (await (
      await send('POST', null, { name: 'Permian HS', domain: 'permian.example.org' })
    ).json()) as AdminBusinessAccount;
    const res = await send('PUT', made.id, { email: 'office@permian.example.org' });
    expect(await res.json()).toMatchObject({ email: 'office@permian.example.org', domain: null });
  });

  it('deactivates an account: kept, listed after the active ones, its domain still taken', async () => {
    const res = await send('PUT', district.id, { active: false });
    expect(res.status).toBe(200);
    const listed = (await (await send('GET', null)).json()) as AdminBusinessAccount[];
    expect(listed.at(-1)).toMatchObject({ id: district.id, active: false });
    const again = await send('POST', null, { name: 'New Ector', domain: 'ector.k12.tx.us' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('“Ector County ISD” (inactive) already matches ector.k12.tx.us.');
  });

  it('offers no delete (405) and answers 404 for an account that does not exist', async () => {
    expect((await send('DELETE', district.id)).status).toBe(405);
    expect((await send('GET', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await send('PUT', '00000000-0000-4000-8000-000000000000', { name: 'Nobody' })).status).toBe(404);
  });

  it('refuses anyone without the admin token', async () => {
    const res = await callFunction(accountsFn, '/api/admin/business-accounts', { method: 'GET', params: {} });
    expect(res.status).toBe(401);
  });
});
