import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import session from '../../netlify/functions/admin-session.mts';
import codeFn from '../../netlify/functions/staff-sign-in-code.mts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { requestCode } from '../../src/server/auth/one-time-codes.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { customerCodeDelivery } from '../../src/server/customers/customer-codes.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { CODE_ASKED } from '../../src/server/staff/code-sign-in.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/** Issue 45: staff sign in with a one-time code e-mailed to them (10 minutes, 5 tries, once). */

type Fn = (req: Request, context: Context) => Promise<Response>;

let ipCounter = 0;
/** A fresh client address per call site, so one case's throttle counts never reach another's. */
const nextIp = () => `203.0.113.${++ipCounter}`;

const post = (body: unknown, ip = nextIp()) =>
  callFunction(codeFn as Fn, '/api/staff/sign-in-code', {
    method: 'POST',
    ip,
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (iPhone) Mobile Safari' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('shop', { N: 2 ** 14 })),
    tokenSecret: randomBytes(32),
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('staff sign-in by e-mailed code on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    for (const [email, status] of [
      ['pat@shop.test', 'active'],
      ['sid@shop.test', 'suspended'],
      ['lee@shop.test', 'active'],
    ] as const) {
      await database.db
        .insertInto('staff_accounts')
        .values({
          email,
          name: email,
          role: 'production',
          status,
          password_hash: await hashPassword('a-long-password'),
        })
        .execute();
    }
  });
  afterAll(() => database.dispose());

  const mailsTo = (email: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['text_body', 'subject', 'template_name'])
      .where('to_address', '=', email)
      .orderBy('created_at', 'desc')
      .execute();
  const lastCode = async (email: string) => /\b(\d{6})\b/.exec((await mailsTo(email))[0]?.text_body ?? '')?.[1] ?? '';
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const whoAmI = (token: string) =>
    callFunction(session as Fn, '/api/admin/session', { headers: { authorization: `Bearer ${token}` } });

  it('mails an active person a code that signs them in once, with a session row', async () => {
    const asked = await post({ email: 'Pat@Shop.test' });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ message: CODE_ASKED });
    const [mail] = await mailsTo('pat@shop.test');
    expect(mail?.template_name).toBe('staff-sign-in-code');
    expect(mail?.subject).toMatch(/back office code: \d{6}$/);
    const code = await lastCode('pat@shop.test');

    const signedIn = await post({ email: 'pat@shop.test', code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    const me = await whoAmI(token);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { staff: { email: string; role: string } }).staff).toMatchObject({
      email: 'pat@shop.test',
      role: 'production',
    });
    const sessions = await database.db
      .selectFrom('staff_sessions')
      .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
      .select('staff_sessions.device')
      .where('staff_accounts.email', '=', 'pat@shop.test')
      .execute();
    expect(sessions.map((s) => s.device)).toEqual(['A browser on iOS']);

    // Used once: the same code again is refused.
    const replay = await post({ email: 'pat@shop.test', code });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: { message: string } }).error.message).toMatch(/Ask for a new one/);
  });

  it('answers an unknown and a suspended address as a known one, and mails neither', async () => {
    const known = await post({ email: 'lee@shop.test' });
    const unknown = await post({ email: 'nobody@shop.test' });
    const suspended = await post({ email: 'sid@shop.test' });
    for (const res of [known, unknown, suspended]) expect(res.status).toBe(202);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await suspended.json()).toEqual({ message: CODE_ASKED });
    expect(await mailsTo('nobody@shop.test')).toEqual([]);
    expect(await mailsTo('sid@shop.test')).toEqual([]);
  });

  it('refuses a wrong code, a customer code and a person suspended after the code was sent: 401', async () => {
    await post({ email: 'lee@shop.test' });
    const code = await lastCode('lee@shop.test');
    expect((await post({ email: 'lee@shop.test', code: wrong(code) })).status).toBe(401);
    // A code for My orders is not a code for the back office, even for the same address.
    await requestCode(database.db, 'customer', 'pat@shop.test', nextIp(), {
      ...customerCodeDelivery,
      knows: async () => true,
    });
    const customerCode = await lastCode('pat@shop.test');
    expect((await post({ email: 'pat@shop.test', code: customerCode })).status).toBe(401);

    await database.db
      .updateTable('staff_accounts')
      .set({ status: 'suspended' })
      .where('email', '=', 'lee@shop.test')
      .execute();
    const refused = await post({ email: 'lee@shop.test', code });
    expect(refused.status).toBe(401);
    await database.db
      .updateTable('staff_accounts')
      .set({ status: 'active' })
      .where('email', '=', 'lee@shop.test')
      .execute();
  });

  it('refuses bad input with 400 and sends nothing', async () => {
    const before = (await mailsTo('pat@shop.test')).length;
    for (const body of [
      {},
      { email: 'not an address' },
      { email: 'pat@shop.test', code: '12ab56' },
      { email: 'pat@shop.test', extra: 1 },
    ]) {
      expect((await post(body)).status).toBe(400);
    }
    expect((await mailsTo('pat@shop.test')).length).toBe(before);
  });
});
