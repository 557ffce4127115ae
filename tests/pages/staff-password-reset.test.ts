import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import login from '../../netlify/functions/admin-login.mts';
import orders from '../../netlify/functions/admin-orders.mts';
import resetFn from '../../netlify/functions/staff-password-reset.mts';
import ResetPage from '../../src/pages/staff/password-reset/[token].astro';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';

/** Issue 45: "Forgot password" e-mails a one-hour, one-use link whose page sets a new password and signs the person out everywhere. */

type Fn = (req: Request, context: Context) => Promise<Response>;
const SECRET = randomBytes(32);

const open = (token: string) => requestPage(ResetPage, `/staff/password-reset/${token}`, { params: { token } });
const post = (token: string, form: Record<string, string>) =>
  requestPage(ResetPage, `/staff/password-reset/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:4321' },
    body: new URLSearchParams(form).toString(),
    params: { token },
  });
const askReset = (email: string) =>
  callFunction(resetFn as Fn, '/api/staff/password-reset', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:4321' },
    body: JSON.stringify({ email }),
  });
const signIn = (email: string, password: string) =>
  callFunction(login as Fn, '/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('shop', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('staff password reset pages on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const person = async (email: string, password: string, status: 'active' | 'suspended' = 'active') =>
    database.db
      .insertInto('staff_accounts')
      .values({ email, name: 'Maria', role: 'art', status, password_hash: await hashPassword(password) })
      .returning('id')
      .executeTakeFirstOrThrow();
  const linkTo = async (email: string) => {
    const mail = await database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body', 'template_name'])
      .where('to_address', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const token = mail ? /\/staff\/password-reset\/([A-Za-z0-9._-]+)/.exec(mail.text_body)?.[1] : undefined;
    return { mail, token: token ?? '' };
  };

  it('e-mails a link whose page sets a new password once, signing the person out everywhere', async () => {
    await person('maria@shop.test', 'maria-old-password');
    const before = await signIn('maria@shop.test', 'maria-old-password');
    const oldToken = `Bearer ${((await before.json()) as { token: string }).token}`;

    const asked = await askReset('Maria@Shop.test');
    expect(asked.status).toBe(202);
    const { mail, token } = await linkTo('maria@shop.test');
    expect(mail?.template_name).toBe('staff-password-reset');
    expect(mail?.text_body).toMatch(/works once, until \w{3}, \w{3} \d+, \d{4}, \d+:\d{2} [AP]M/);

    const page = await open(token);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Set a new password');
    const differ = await post(token, { password: 'maria-new-password', confirm: 'something-else' });
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain('Type the same password again.');

    const done = await post(token, { password: 'maria-new-password', confirm: 'maria-new-password' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('signed out on every device');
    // The session opened with the old password is over; the old password no longer signs in.
    expect((await callFunction(orders as Fn, '/api/orders', { headers: { authorization: oldToken } })).status).toBe(
      401,
    );
    expect((await signIn('maria@shop.test', 'maria-old-password')).status).toBe(401);
    expect((await signIn('maria@shop.test', 'maria-new-password')).status).toBe(200);

    // Replayed: the same 404 for a look and for a second post, and the password stays.
    expect((await open(token)).status).toBe(404);
    const again = await post(token, { password: 'an-attacker-password', confirm: 'an-attacker-password' });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('This link does not open a password reset');
    expect((await signIn('maria@shop.test', 'maria-new-password')).status).toBe(200);
  });

  it('a link is 404 after its hour, forged, for another purpose or replaced by a newer one', async () => {
    await person('pat@shop.test', 'pat-old-password');
    await askReset('pat@shop.test');
    const first = (await linkTo('pat@shop.test')).token;
    const [hexId, expiry, signature] = first.split('.') as [string, string, string];
    const id = `${hexId.slice(0, 8)}-${hexId.slice(8, 12)}-${hexId.slice(12, 16)}-${hexId.slice(16, 20)}-${hexId.slice(20)}`;
    const forged = `${hexId}.${expiry}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const invitation = signLink('staff-invite', id);
    const anHourAgo = signLink('staff-reset', id, { now: new Date(Date.now() - 61 * 60_000) });
    for (const t of [forged, invitation, anHourAgo, 'not-a-token']) {
      expect((await open(t)).status, t).toBe(404);
      expect((await post(t, { password: 'pat-new-password', confirm: 'pat-new-password' })).status, t).toBe(404);
    }
    // The signed expiry is one hour: the genuine token is refused once the clock passes it.
    expect(Number.parseInt(expiry, 36) * 1000 - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(Number.parseInt(expiry, 36) * 1000 - Date.now()).toBeGreaterThan(3_500_000);

    await askReset('pat@shop.test');
    const second = (await linkTo('pat@shop.test')).token;
    expect(second).not.toBe(first);
    expect((await open(first)).status).toBe(404);
    expect((await open(second)).status).toBe(200);
    // The row past its hour: the genuine link no longer opens either.
    await database.db
      .updateTable('staff_password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await post(second, { password: 'pat-new-password', confirm: 'pat-new-password' })).status).toBe(404);
    expect((await signIn('pat@shop.test', 'pat-old-password')).status).toBe(200);
  });

  it('sends nothing to a suspended person, and their earlier link stops opening', async () => {
    const { id } = await person('sam@shop.test', 'sam-old-password');
    await askReset('sam@shop.test');
    const { token } = await linkTo('sam@shop.test');
    expect((await open(token)).status).toBe(200);
    await database.db.updateTable('staff_accounts').set({ status: 'suspended' }).where('id', '=', id).execute();
    expect((await open(token)).status).toBe(404);
    expect((await post(token, { password: 'sam-new-password', confirm: 'sam-new-password' })).status).toBe(404);

    const outbox = () =>
      database.db
        .selectFrom('email_outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('to_address', '=', 'sam@shop.test')
        .executeTakeFirstOrThrow();
    const sent = (await outbox()).n;
    const asked = await askReset('sam@shop.test');
    expect(asked.status).toBe(202);
    expect((await outbox()).n).toBe(sent);
  });
});
