import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import artworkOriginalFn from '../../netlify/functions/admin-artwork-original.mts';
import accountsFn from '../../netlify/functions/admin-business-accounts.mts';
import certificateFn from '../../netlify/functions/admin-business-certificate.mts';
import type { AdminBusinessAccount } from '../../src/lib/admin-schemas/business-accounts.ts';
import { localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore } from '../../src/server/artwork/store.ts';
import { deleteUnclaimedArtwork } from '../../src/server/artwork/sweep-artwork.ts';
import { newOwnerToken } from '../../src/server/artwork/uploads.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { checkedArtwork } from '../support/hostile/checked-artwork.ts';

/**
 * A business account's exemption certificate (docs/decisions/0029-deposits.md): an artwork-pipeline
 * upload, kept and private.
 */
const { authorization } = adminProductSaves();
const headers = { authorization, 'content-type': 'application/json' };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-certificates-'));
  installArtworkStore(localArtworkStore(dir));
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(dir, { recursive: true, force: true });
});

const addAccount = async (body: Record<string, unknown>) => {
  const res = await callFunction(accountsFn, '/api/admin/business-accounts', {
    method: 'POST',
    params: {},
    headers,
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as AdminBusinessAccount;
};

const attach = (accountId: string, body: unknown, auth = true) =>
  callFunction(certificateFn, `/api/admin/business-accounts/${accountId}/certificate`, {
    method: 'POST',
    params: { id: accountId },
    headers: auth ? headers : { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const fieldsOf = async (res: Response) => ((await res.json()) as ErrorBody).error.fields;

describe.each(DATABASE_KINDS)('exemption certificates of business accounts on %s', (kind) => {
  let database: TestDatabase;
  const owner = newOwnerToken();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('puts the uploaded certificate on file, and the admin downloads it as an attachment', async () => {
    const account = await addAccount({ name: 'Ector County ISD', domain: 'ector.k12.tx.us', tax_exempt: true });
    const file = await checkedArtwork(database.db, owner, 'resale-certificate.png');
    const res = await attach(account.id, { artwork_id: file.toUpperCase(), owner_token: owner });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id: account.id, exemption_certificate_artwork_id: file });

    const download = await callFunction(artworkOriginalFn, `/api/artwork/${file}/original`, {
      method: 'GET',
      params: { id: file },
      headers,
    });
    expect(download.status).toBe(200);
    expect(await download.json()).toMatchObject({ fileName: 'resale-certificate.png', contentType: 'image/png' });
    const anonymous = await callFunction(artworkOriginalFn, `/api/artwork/${file}/original`, {
      method: 'GET',
      params: { id: file },
    });
    expect(anonymous.status).toBe(401);
    expect((await attach(account.id, { artwork_id: file, owner_token: owner }, false)).status).toBe(401);
  });

  it('keeps a certificate past the sweep of unclaimed uploads, which takes an unclaimed one', async () => {
    const account = await addAccount({ name: 'Permian HS', domain: 'permian.example.org', tax_exempt: true });
    const kept = await checkedArtwork(database.db, owner);
    const loose = await checkedArtwork(database.db, owner);
    expect((await attach(account.id, { artwork_id: kept, owner_token: owner })).status).toBe(200);
    await sql`update artwork set created_at = now() - interval '30 days' where id in (${kept}, ${loose})`.execute(
      database.db,
    );
    await deleteUnclaimedArtwork.run(database.db);
    const left = await database.db.selectFrom('artwork').select('id').where('id', 'in', [kept, loose]).execute();
    expect(left.map((r) => r.id)).toEqual([kept]);
  });

  it('refuses an account that is not tax exempt, at the field, storing nothing', async () => {
    const account = await addAccount({ name: 'Odessa Tigers', email: 'boosters@tigers.org' });
    const file = await checkedArtwork(database.db, owner);
    const before = await snapshot(database.db);
    const res = await attach(account.id, { artwork_id: file, owner_token: owner });
    expect(res.status).toBe(400);
    expect((await fieldsOf(res))?.['tax_exempt']).toBe(
      'Mark the account tax exempt and save it before adding its certificate.',
    );
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('refuses an upload of another browser and one another account holds, storing nothing', async () => {
    const first = await addAccount({ name: 'Midland ISD', domain: 'midland.example.org', tax_exempt: true });
    const second = await addAccount({ name: 'Andrews ISD', domain: 'andrews.example.org', tax_exempt: true });
    const theirs = await checkedArtwork(database.db, newOwnerToken());
    const held = await checkedArtwork(database.db, owner);
    expect((await attach(first.id, { artwork_id: held, owner_token: owner })).status).toBe(200);
    const before = await snapshot(database.db);
    for (const artwork_id of [theirs, held]) {
      const res = await attach(second.id, { artwork_id, owner_token: owner });
      expect(res.status).toBe(400);
      expect((await fieldsOf(res))?.['artwork_id']).toBe('That upload cannot be used. Upload the certificate again.');
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('answers 404 for an account that does not exist and 400 for a malformed body', async () => {
    const file = await checkedArtwork(database.db, owner);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await attach(missing, { artwork_id: file, owner_token: owner })).status).toBe(404);
    const bad = await attach(missing, { artwork_id: 'nope', owner_token: owner });
    expect(bad.status).toBe(400);
    expect((await fieldsOf(bad))?.['artwork_id']).toBe('Not a valid upload id.');
  });

  it('lets go of the certificate when the account is no longer exempt', async () => {
    const account = await addAccount({ name: 'Crane ISD', domain: 'crane.example.org', tax_exempt: true });
    const file = await checkedArtwork(database.db, owner);
    expect((await attach(account.id, { artwork_id: file, owner_token: owner })).status).toBe(200);
    const res = await callFunction(accountsFn, `/api/admin/business-accounts/${account.id}`, {
      method: 'PUT',
      params: { id: account.id },
      headers,
      body: JSON.stringify({ tax_exempt: false }),
    });
    expect(await res.json()).toMatchObject({ tax_exempt: false, exemption_certificate_artwork_id: null });
  });
});
