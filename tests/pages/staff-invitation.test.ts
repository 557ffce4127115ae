import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import login from '../../netlify/functions/admin-login.mts';
import staffFn from '../../netlify/functions/admin-staff.mts';
import staffStatus from '../../netlify/functions/admin-staff-status.mts';
import InvitationPage from '../../src/pages/staff/invitation/[token].astro';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { signedInStaff } from '../support/staff.ts';

/** Issue 45: the owner invites by e-mail; the one-use, 72-hour link sets a password; a bad link is the same 404. */

type Fn = (req: Request, context: Context) => Promise<Response>;
const SECRET = randomBytes(32);

const open = (token: string) => requestPage(InvitationPage, `/staff/invitation/${token}`, { params: { token } });
const post = (token: string, form: Record<string, string>) =>
  requestPage(InvitationPage, `/staff/invitation/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:4321' },
    body: new URLSearchParams(form).toString(),
    params: { token },
  });

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('shop', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('staff invitations on %s', (kind) => {
  let database: TestDatabase;
  let owner: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    owner = (await signedInStaff(database.db, SECRET, 'owner', 'Olivia')).authorization;
  });
  afterAll(() => database.dispose());

  const invite = async (email: string, role = 'art', name = 'Maria Lopez') => {
    const res = await callFunction(staffFn as Fn, '/api/admin/staff', {
      method: 'POST',
      headers: { authorization: owner, 'content-type': 'application/json' },
      body: JSON.stringify({ name, email, role }),
    });
    return res;
  };
  const linkTo = async (email: string) => {
    const mail = await database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body', 'html_body', 'template_name'])
      .where('to_address', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/staff\/invitation\/([A-Za-z0-9._-]+)/.exec(mail.text_body)?.[1];
    return { mail, token: token ?? '' };
  };
  const accountOf = (email: string) =>
    database.db
      .selectFrom('staff_accounts')
      .select(['status', 'password_hash', 'role'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

  it('invites by e-mail through the outbox; the link sets a password once, then the person signs in', async () => {
    const res = await invite('maria@shop.test');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'Maria Lopez', role: 'art', role_name: 'Art', status: 'invited' });
    const { mail, token } = await linkTo('maria@shop.test');
    expect(mail.template_name).toBe('staff-invitation');
    expect(mail.text_body).toContain('Olivia invited you');
    expect(mail.text_body).toContain('as Art');
    expect(token).not.toBe('');

    const page = await open(token);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Set your password');
    expect(html).toContain('as Art');

    const differ = await post(token, { password: 'a-long-password', confirm: 'another-password' });
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain('Type the same password again.');
    const short = await post(token, { password: 'short', confirm: 'short' });
    expect(short.status).toBe(400);
    expect(await accountOf('maria@shop.test')).toMatchObject({ status: 'invited', password_hash: null });

    const done = await post(token, { password: 'maria-sets-this', confirm: 'maria-sets-this' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Your password is set');
    expect((await accountOf('maria@shop.test')).status).toBe('active');

    const signIn = await callFunction(login as Fn, '/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'maria@shop.test', password: 'maria-sets-this' }),
    });
    expect(signIn.status).toBe(200);

    // Used: the same 404 as any link that does not open, for a look and for a second post.
    expect((await open(token)).status).toBe(404);
    const again = await post(token, { password: 'someone-else-now', confirm: 'someone-else-now' });
    expect(again.status).toBe(404);
    const body = await again.text();
    expect(body).toContain('This link does not open an invitation');
  });

  it('refuses the same address twice (409), whatever its case', async () => {
    expect((await invite('twice@shop.test')).status).toBe(201);
    const res = await invite('TWICE@shop.test');
    expect(res.status).toBe(409);
  });

  it('answers the same 404 for an expired, forged, other-purpose or superseded link, and stores nothing', async () => {
    expect((await invite('pat@shop.test', 'production', 'Pat')).status).toBe(201);
    const { token } = await linkTo('pat@shop.test');
    const [hexId, expiry, signature] = token.split('.') as [string, string, string];
    const id = `${hexId.slice(0, 8)}-${hexId.slice(8, 12)}-${hexId.slice(12, 16)}-${hexId.slice(16, 20)}-${hexId.slice(20)}`;
    const forged = `${hexId}.${expiry}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const otherPurpose = signLink('order', id);
    const expiredSignature = signLink('staff-invite', id, { now: new Date(Date.now() - 4 * 86_400_000) });
    const bad = [forged, otherPurpose, expiredSignature, 'not-a-token'];
    for (const t of bad) {
      expect((await open(t)).status, t).toBe(404);
      expect((await post(t, { password: 'pat-password-1', confirm: 'pat-password-1' })).status, t).toBe(404);
    }
    // The row itself past its 72 hours: the genuine link no longer opens either.
    await database.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await open(token)).status).toBe(404);
    expect(await accountOf('pat@shop.test')).toMatchObject({ status: 'invited', password_hash: null });
  });

  it('a new invitation replaces the old: the first link is 404, the new one opens', async () => {
    const res = await invite('sam@shop.test', 'shipping', 'Sam');
    const { id } = (await res.json()) as { id: string };
    const first = (await linkTo('sam@shop.test')).token;
    const again = await callFunction(staffStatus as Fn, `/api/admin/staff/${id}/invitation`, {
      method: 'POST',
      params: { id },
      headers: { authorization: owner, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(again.status).toBe(200);
    const second = (await linkTo('sam@shop.test')).token;
    expect(second).not.toBe(first);
    expect((await open(first)).status).toBe(404);
    expect((await open(second)).status).toBe(200);
  });
});
