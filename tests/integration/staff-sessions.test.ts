import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import login from '../../netlify/functions/admin-login.mts';
import orders from '../../netlify/functions/admin-orders.mts';
import session from '../../netlify/functions/admin-session.mts';
import staffFn from '../../netlify/functions/admin-staff.mts';
import staffSessions from '../../netlify/functions/admin-staff-sessions.mts';
import staffStatus from '../../netlify/functions/admin-staff-status.mts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { ACCOUNT_MAX_FAILURES } from '../../src/server/auth/login-throttle.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { removeStaff } from '../../src/server/staff/accounts.ts';
import { signedInStaff } from '../support/staff.ts';

/** Issue 45: sessions are rows; suspending ends them; sign-in by e-mail; throttles; never the last owner. */

type Fn = (req: Request, context: Context) => Promise<Response>;
const SECRET = randomBytes(32);
const SHOP_PASSWORD = 'the-shop-password';
const MARIA_PASSWORD = 'maria-prints-shirts';

const call = (
  fn: unknown,
  path: string,
  authorization: string,
  init: { method?: string; body?: unknown; params?: Record<string, string> } = {},
) =>
  callFunction(fn as Fn, path, {
    method: init.method ?? 'GET',
    params: init.params ?? {},
    headers: { authorization, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

const signIn = (body: Record<string, string>, ip?: string) =>
  callFunction(login as Fn, '/api/admin/login', {
    method: 'POST',
    ...(ip ? { ip } : {}),
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' },
    body: JSON.stringify(body),
  });

const bearer = async (res: Response) => `Bearer ${((await res.json()) as { token: string }).token}`;

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword(SHOP_PASSWORD, { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('staff sign-in and sessions on %s', (kind) => {
  let database: TestDatabase;
  let owner: string;
  let maria: { id: string; email: string };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    owner = (await signedInStaff(database.db, SECRET, 'owner', 'Olivia')).authorization;
    const row = await database.db
      .insertInto('staff_accounts')
      .values({
        email: 'Maria@Shop.test',
        name: 'Maria',
        role: 'art',
        status: 'active',
        password_hash: await hashPassword(MARIA_PASSWORD),
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    maria = { id: row.id, email: 'maria@shop.test' };
  });
  afterAll(() => database.dispose());

  it('signs the owner in with the shop password alone, as the Owner the migration made', async () => {
    const res = await signIn({ password: SHOP_PASSWORD });
    expect(res.status).toBe(200);
    const me = (await (await call(session, '/api/admin/session', await bearer(res))).json()) as {
      staff: { name: string; role_name: string };
    };
    expect(me.staff).toMatchObject({ name: 'The owner', role_name: 'Owner' });
  });

  it('signs a person in with their e-mail (any case) and password, into a session row with their device', async () => {
    const res = await signIn({ email: 'MARIA@shop.test', password: MARIA_PASSWORD });
    expect(res.status).toBe(200);
    const token = await bearer(res);
    const me = (await (await call(session, '/api/admin/session', token)).json()) as {
      staff: { name: string; role: string; permissions: string[] };
    };
    expect(me.staff).toMatchObject({ name: 'Maria', role: 'art' });
    expect(me.staff.permissions).not.toContain('money');
    const devices = (await (await call(staffSessions, '/api/admin/staff/me/sessions', token)).json()) as {
      device: string;
      current: boolean;
    }[];
    expect(devices).toContainEqual(expect.objectContaining({ device: 'Chrome on Linux', current: true }));
  });

  it('gives a wrong e-mail and a wrong password the same answer, each after one password check', async () => {
    const wrongPassword = await signIn({ email: maria.email, password: 'not-her-password' });
    const wrongEmail = await signIn({ email: 'nobody@shop.test', password: MARIA_PASSWORD });
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    expect(await wrongEmail.json()).toEqual(await wrongPassword.json());
    // Same time: both check one hash of the same cost (measured loosely on a shared machine).
    const time = async (body: Record<string, string>) => {
      const start = performance.now();
      await signIn(body);
      return performance.now() - start;
    };
    const known = await time({ email: maria.email, password: 'wrong-again-1' });
    const unknown = await time({ email: 'someone@shop.test', password: 'wrong-again-1' });
    expect(unknown).toBeGreaterThan(known * 0.4);
    expect(unknown).toBeLessThan(known * 2.5);
  });

  it('throttles one account from many addresses, and leaves another account alone', async () => {
    const email = 'throttled@shop.test';
    await database.db
      .insertInto('staff_accounts')
      .values({
        email,
        name: 'Tess',
        role: 'office',
        status: 'active',
        password_hash: await hashPassword('tess-right-password'),
      })
      .execute();
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
      expect((await signIn({ email, password: `guess-${i}` }, `10.45.0.${i + 1}`)).status).toBe(401);
    }
    const refused = await signIn({ email, password: 'tess-right-password' }, '10.45.1.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn({ email: maria.email, password: MARIA_PASSWORD }, '10.45.1.2')).status).toBe(200);
  });

  it('suspending a person ends their sessions at once: their next request is 401, and they cannot sign in', async () => {
    const token = await bearer(await signIn({ email: maria.email, password: MARIA_PASSWORD }));
    expect((await call(orders, '/api/orders', token)).status).toBe(200);
    const suspended = await call(staffStatus, `/api/admin/staff/${maria.id}/suspend`, owner, {
      method: 'POST',
      params: { id: maria.id },
    });
    expect(suspended.status).toBe(200);
    expect(((await suspended.json()) as { status: string }).status).toBe('suspended');
    expect((await call(orders, '/api/orders', token)).status).toBe(401);
    expect((await signIn({ email: maria.email, password: MARIA_PASSWORD })).status).toBe(401);
    const back = await call(staffStatus, `/api/admin/staff/${maria.id}/reinstate`, owner, {
      method: 'POST',
      params: { id: maria.id },
    });
    expect(((await back.json()) as { status: string }).status).toBe('active');
    // The old token stays ended; a new sign-in works.
    expect((await call(orders, '/api/orders', token)).status).toBe(401);
    expect((await signIn({ email: maria.email, password: MARIA_PASSWORD })).status).toBe(200);
  });

  it('a person signs one of their devices out: that token is 401, the other keeps working', async () => {
    const phone = await bearer(await signIn({ email: maria.email, password: MARIA_PASSWORD }));
    const desk = await bearer(await signIn({ email: maria.email, password: MARIA_PASSWORD }));
    const devices = (await (await call(staffSessions, '/api/admin/staff/me/sessions', desk)).json()) as {
      id: string;
      current: boolean;
    }[];
    const me = (await (await call(session, '/api/admin/session', phone)).json()) as { sub: string };
    expect(me.sub).toBe(`staff:${maria.id}`);
    const other = devices.filter((d) => !d.current);
    expect(other.length).toBeGreaterThan(0);
    for (const d of other) {
      const res = await call(staffSessions, `/api/admin/staff/me/sessions/${d.id}`, desk, {
        method: 'DELETE',
        params: { id: d.id },
      });
      expect(res.status).toBe(200);
    }
    expect((await call(session, '/api/admin/session', phone)).status).toBe(401);
    expect((await call(session, '/api/admin/session', desk)).status).toBe(200);
  });

  it('the owner signs a person out everywhere without suspending them; they may sign in again', async () => {
    const phone = await bearer(await signIn({ email: maria.email, password: MARIA_PASSWORD }));
    const desk = await bearer(await signIn({ email: maria.email, password: MARIA_PASSWORD }));
    const office = await signedInStaff(database.db, SECRET, 'office');
    const signOut = (id: string, authorization: string) =>
      call(staffStatus, `/api/admin/staff/${id}/sign-out`, authorization, { method: 'POST', params: { id } });
    expect((await signOut(maria.id, office.authorization)).status).toBe(403);
    expect((await call(orders, '/api/orders', phone)).status).toBe(200);

    const res = await signOut(maria.id, owner);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: maria.id, status: 'active' });
    for (const token of [phone, desk]) expect((await call(orders, '/api/orders', token)).status).toBe(401);
    const again = await bearer(await signIn({ email: maria.email, password: MARIA_PASSWORD }));
    expect((await call(orders, '/api/orders', again)).status).toBe(200);
    // The owner's own session and the office person's are untouched.
    expect((await call(orders, '/api/orders', owner)).status).toBe(200);
    expect((await call(orders, '/api/orders', office.authorization)).status).toBe(200);
    expect((await signOut('00000000-0000-4000-8000-000000000000', owner)).status).toBe(404);
  });

  it('a role change takes effect mid-session: the next request is judged by the new role', async () => {
    const office = await signedInStaff(database.db, SECRET, 'office');
    expect((await call(orders, '/api/order-export', office.authorization)).status).not.toBe(403);
    const res = await call(staffFn, `/api/admin/staff/${office.id}`, owner, {
      method: 'PUT',
      body: { role: 'production' },
      params: { id: office.id },
    });
    expect(res.status).toBe(200);
    expect((await call(staffFn, '/api/admin/staff', office.authorization)).status).toBe(403);
  });

  it('never leaves the shop without an active owner, even when two owners remove each other at once', async () => {
    await database.db.updateTable('staff_accounts').set({ status: 'suspended' }).where('role', '=', 'owner').execute();
    const a = await signedInStaff(database.db, SECRET, 'owner', 'Ana');
    const b = await signedInStaff(database.db, SECRET, 'owner', 'Ben');
    // Each removal dawdles at its commit, after its own check: the two overlap for certain.
    await sql`create or replace function public.test_dawdle() returns trigger language plpgsql as $$ begin perform pg_sleep(0.4); return new; end $$`.execute(
      database.db,
    );
    await sql`create constraint trigger test_dawdle after update on public.staff_accounts deferrable initially deferred for each row execute function public.test_dawdle()`.execute(
      database.db,
    );
    // Both removals are past sign-in (their tokens checked) when they start: the service itself must hold the line.
    const outcomes = await Promise.allSettled([removeStaff(database.db, b.id), removeStaff(database.db, a.id)]);
    await sql`drop trigger test_dawdle on public.staff_accounts`.execute(database.db);
    const left = await database.db
      .selectFrom('staff_accounts')
      .select('name')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .execute();
    expect(left).toHaveLength(1);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'last_owner' });
    const survivor = left[0]!.name === 'Ana' ? a : b;
    const last = await call(staffStatus, `/api/admin/staff/${survivor.id}/suspend`, survivor.authorization, {
      method: 'POST',
      params: { id: survivor.id },
    });
    expect(last.status).toBe(409);
    expect(((await last.json()) as { error: { message: string } }).error.message).toMatch(/at least one active owner/);
  });
});
