import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import session from '../../netlify/functions/admin-session.mts';
import passkeysFn from '../../netlify/functions/admin-staff-passkeys.mts';
import passkeySignInFn from '../../netlify/functions/staff-passkey-sign-in.mts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { relyingParty } from '../../src/server/staff/passkeys.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { createPasskey, type SoftwarePasskey, signWithPasskey } from '../support/software-authenticator.ts';
import { signedInStaff } from '../support/staff.ts';

/** Issue 45: a person adds, names and removes passkeys and signs in with one; challenges work once and expire. */

type Fn = (req: Request, context: Context) => Promise<Response>;
const SECRET = randomBytes(32);

const call = (fn: unknown, path: string, init: { method?: string; body?: unknown; auth?: string; id?: string } = {}) =>
  callFunction(fn as Fn, path, {
    method: init.method ?? 'GET',
    params: init.id ? { id: init.id } : {},
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (Macintosh; Mac OS X 14_0) Safari/605.1',
      ...(init.auth ? { authorization: init.auth } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('shop', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('staff passkeys on %s', (kind) => {
  let database: TestDatabase;
  const ceremony = () => {
    const { origin, rpID } = relyingParty();
    return { origin, rpId: rpID };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  /** A signed-in person adds a passkey named `name` through the API. */
  const addPasskey = async (auth: string, name: string) => {
    const options = await call(passkeysFn, '/api/admin/staff/me/passkey-options', { method: 'POST', body: {}, auth });
    expect(options.status).toBe(200);
    const made = createPasskey((await options.json()) as { challenge: string; user: { id: string } }, ceremony());
    const added = await call(passkeysFn, '/api/admin/staff/me/passkeys', {
      method: 'POST',
      body: { name, response: made.response },
      auth,
    });
    return { ...made, added };
  };
  const challenge = async () => {
    const res = await call(passkeySignInFn, '/api/staff/passkey/options', { method: 'POST', body: {} });
    expect(res.status).toBe(200);
    return ((await res.json()) as { challenge: string }).challenge;
  };
  const signIn = (response: unknown) =>
    call(passkeySignInFn, '/api/staff/passkey/sign-in', { method: 'POST', body: { response } });
  const signInWith = async (passkey: SoftwarePasskey) =>
    signIn(signWithPasskey(passkey, await challenge(), ceremony()));

  it('adds a named passkey, signs in with it into a session of its person, renames and removes it', async () => {
    const maria = await signedInStaff(database.db, SECRET, 'art', 'Maria');
    const { passkey, added } = await addPasskey(maria.authorization, 'My phone');
    expect(added.status).toBe(201);
    const stored = await database.db
      .selectFrom('staff_passkeys')
      .select(['name', 'counter', 'transports', 'last_used_at', 'public_key'])
      .where('staff_id', '=', maria.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'My phone', counter: 0, transports: ['internal'], last_used_at: null });
    expect(stored.public_key.length).toBeGreaterThan(60);

    const res = await signInWith(passkey);
    expect(res.status).toBe(200);
    const token = `Bearer ${((await res.json()) as { token: string }).token}`;
    const me = (await (await call(session, '/api/admin/session', { auth: token })).json()) as { sub: string };
    expect(me.sub).toBe(`staff:${maria.id}`);
    const used = await database.db
      .selectFrom('staff_passkeys')
      .select(['counter', 'last_used_at', 'id'])
      .where('staff_id', '=', maria.id)
      .executeTakeFirstOrThrow();
    expect(used.counter).toBe(1);
    expect(used.last_used_at).not.toBeNull();

    const renamed = await call(passkeysFn, `/api/admin/staff/me/passkeys/${used.id}`, {
      method: 'PUT',
      body: { name: 'Work phone' },
      auth: token,
      id: used.id,
    });
    expect(await renamed.json()).toMatchObject({ name: 'Work phone' });
    const list = await call(passkeysFn, '/api/admin/staff/me/passkeys', { auth: maria.authorization });
    expect(((await list.json()) as { name: string }[]).map((p) => p.name)).toEqual(['Work phone']);

    // Someone else cannot rename or remove it; once its person removes it, it signs nobody in.
    const other = await signedInStaff(database.db, SECRET, 'office');
    const path = `/api/admin/staff/me/passkeys/${used.id}`;
    expect((await call(passkeysFn, path, { method: 'DELETE', auth: other.authorization, id: used.id })).status).toBe(
      404,
    );
    expect((await call(passkeysFn, path, { method: 'DELETE', auth: token, id: used.id })).status).toBe(200);
    expect((await signInWith(passkey)).status).toBe(401);
  });

  it('a challenge works once: a replayed answer, an expired challenge and one of another purpose are 401', async () => {
    const pat = await signedInStaff(database.db, SECRET, 'production', 'Pat');
    const { passkey } = await addPasskey(pat.authorization, 'Laptop');
    const answer = signWithPasskey(passkey, await challenge(), ceremony());
    expect((await signIn(answer)).status).toBe(200);
    expect((await signIn(answer)).status).toBe(401);

    const late = await challenge();
    await database.db
      .updateTable('webauthn_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('challenge', '=', late)
      .execute();
    expect((await signIn(signWithPasskey(passkey, late, ceremony()))).status).toBe(401);
    expect(
      await database.db.selectFrom('webauthn_challenges').select('challenge').where('challenge', '=', late).execute(),
    ).toEqual([]);

    // A challenge the server never made, and a registration's challenge used to sign in.
    expect((await signIn(signWithPasskey(passkey, 'bm90LW91cnM', ceremony()))).status).toBe(401);
    const reg = await call(passkeysFn, '/api/admin/staff/me/passkey-options', {
      method: 'POST',
      body: {},
      auth: pat.authorization,
    });
    const regChallenge = ((await reg.json()) as { challenge: string }).challenge;
    expect((await signIn(signWithPasskey(passkey, regChallenge, ceremony()))).status).toBe(401);
    expect((await signInWith(passkey)).status).toBe(200);
  });

  it('refuses a counter that went back, another origin, a forged signature and a suspended person', async () => {
    const sam = await signedInStaff(database.db, SECRET, 'shipping', 'Sam');
    const { passkey } = await addPasskey(sam.authorization, 'Key');
    expect((await signInWith(passkey)).status).toBe(200);
    expect((await signInWith(passkey)).status).toBe(200);
    // A cloned key replays an older count.
    expect((await signIn(signWithPasskey(passkey, await challenge(), ceremony(), { counter: 1 }))).status).toBe(401);
    passkey.counter = 10;
    const elsewhere = { origin: 'https://evil.example', rpId: 'evil.example' };
    expect((await signIn(signWithPasskey(passkey, await challenge(), elsewhere))).status).toBe(401);
    const impostor = createPasskey({ challenge: 'x', user: { id: 'x' } }, ceremony()).passkey;
    const forged = { ...impostor, credentialId: passkey.credentialId, counter: 20 };
    expect((await signIn(signWithPasskey(forged, await challenge(), ceremony()))).status).toBe(401);
    expect((await signInWith(passkey)).status).toBe(200);

    await database.db.updateTable('staff_accounts').set({ status: 'suspended' }).where('id', '=', sam.id).execute();
    expect((await signInWith(passkey)).status).toBe(401);
  });

  it('adds a passkey only for the person whose challenge it answers, once, and refuses bad input with 400', async () => {
    const ana = await signedInStaff(database.db, SECRET, 'office', 'Ana');
    const ben = await signedInStaff(database.db, SECRET, 'office', 'Ben');
    const options = await call(passkeysFn, '/api/admin/staff/me/passkey-options', {
      method: 'POST',
      body: {},
      auth: ana.authorization,
    });
    const made = createPasskey((await options.json()) as { challenge: string; user: { id: string } }, ceremony());
    const add = (auth: string, body: unknown) =>
      call(passkeysFn, '/api/admin/staff/me/passkeys', { method: 'POST', body, auth });
    // Ben cannot register a passkey with Ana's challenge.
    expect((await add(ben.authorization, { name: 'Stolen', response: made.response })).status).toBe(400);
    const count = () => database.db.selectFrom('staff_passkeys').select('id').execute();
    const before = (await count()).length;
    for (const body of [
      {},
      { name: '', response: made.response },
      { name: 'x'.repeat(81), response: made.response },
      { name: 'Phone', response: { ...made.response, id: 'not base64url!' } },
      { name: 'Phone', response: made.response, extra: true },
    ]) {
      expect((await add(ana.authorization, body)).status).toBe(400);
    }
    expect((await count()).length).toBe(before);
    // Ana's challenge was hers alone: her answer adds the passkey, once.
    expect((await add(ana.authorization, { name: 'Phone', response: made.response })).status).toBe(201);
    expect((await add(ana.authorization, { name: 'Phone again', response: made.response })).status).toBe(400);
    expect((await count()).length).toBe(before + 1);
  });
});
