import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import orders from '../../netlify/functions/admin-orders.mts';
import users from '../../netlify/functions/admin-users.mts';
import type { AdminOrder, AdminOrderRow, AdminUserDetail, AdminUserPage } from '../../src/lib/admin-schemas/index.ts';
import { SHOP_TIME_ZONE } from '../../src/lib/admin-schemas/index.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

type Fn = (req: Request, context: Context) => Promise<Response>;

const SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(SECRET).token}`;

const get = (fn: Fn, path: string, params: Record<string, string> = {}) =>
  callFunction(fn, path, { params, headers: { authorization } });

async function ok<T>(res: Promise<Response>): Promise<T> {
  const response = await res;
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return JSON.parse(text) as T;
}

async function status(res: Promise<Response>) {
  return (await res).status;
}

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('admin orders and users on %s', (kind) => {
  let database: TestDatabase;
  let orderCount: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    orderCount = (await database.db.selectFrom('orders').select('id').execute()).length;
  });
  afterAll(() => database.dispose());

  it('lists orders newest first, ten to a page by default, with limit and offset', async () => {
    const first = await ok<AdminOrderRow[]>(get(orders, '/api/orders'));
    expect(first).toHaveLength(Math.min(10, orderCount));
    const times = first.map((o) => Date.parse(o.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Object.keys(first[0]!).sort()).toEqual(
      [
        'attention_at',
        'attention_reason',
        'balance_cents',
        'created_at',
        'customer',
        'email',
        'id',
        'in_hands_date',
        'job',
        'needs',
        'pieces',
        'po_number',
        'ready_by',
        'stage',
        'status',
        'subtotal_cents',
        'total_cents',
        'user_id',
      ].sort(),
    );
    const page = await ok<AdminOrderRow[]>(get(orders, '/api/orders?limit=3&offset=2'));
    expect(page.map((o) => o.id)).toEqual(first.slice(2, 5).map((o) => o.id));
    const rest = await ok<AdminOrderRow[]>(get(orders, '/api/orders?limit=100&offset=10'));
    expect(rest).toHaveLength(orderCount - 10);
  });

  it('filters by e-mail (ignoring case), user id and status', async () => {
    const maria = await ok<AdminOrderRow[]>(get(orders, '/api/orders?email=MARIA.Delgado@example.com'));
    expect(maria).toHaveLength(2);
    expect(new Set(maria.map((o) => o.email))).toEqual(new Set(['maria.delgado@example.com']));

    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'lauren.kimbrough@example.com')
      .executeTakeFirstOrThrow();
    const lauren = await ok<AdminOrderRow[]>(get(orders, `/api/orders?user_id=${user.id}`));
    expect(lauren).toHaveLength(2);
    expect(lauren.every((o) => o.user_id === user.id)).toBe(true);

    const paid = await ok<AdminOrderRow[]>(get(orders, '/api/orders?status=paid&limit=100'));
    // Four jobs at the shop and five handed over long ago (paid, at the Completed stage).
    expect(paid.length).toBe(9);
    expect(paid.every((o) => o.status === 'paid')).toBe(true);
    expect(paid.filter((o) => o.stage === 'completed')).toHaveLength(5);
    expect(await ok<AdminOrderRow[]>(get(orders, '/api/orders?email=nobody@example.com'))).toEqual([]);
  });

  it('filters by From and To dates, whole days in the shop time zone, both included', async () => {
    const target = await sql<{ id: string; day: string }>`
      select id, to_char(created_at at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD') as day
      from orders where payment_session_id = 'cs_test_demo_0006'`.execute(database.db);
    const { id, day } = target.rows[0]!;
    const sameDay = await ok<AdminOrderRow[]>(get(orders, `/api/orders?from=${day}&to=${day}`));
    expect(sameDay.map((o) => o.id)).toContain(id);
    const expected = await sql<{ n: number }>`
      select count(*)::int as n from orders
      where (created_at at time zone ${SHOP_TIME_ZONE})::date = ${day}::date`.execute(database.db);
    expect(sameDay).toHaveLength(expected.rows[0]!.n);

    const since = await ok<AdminOrderRow[]>(get(orders, `/api/orders?from=${day}&limit=100`));
    expect(since.every((o) => Date.parse(o.created_at) >= Date.parse(sameDay.at(-1)!.created_at))).toBe(true);
    expect(since.length).toBeGreaterThan(sameDay.length);
    const until = await ok<AdminOrderRow[]>(get(orders, `/api/orders?to=${day}&limit=100`));
    expect(until.length + since.length - sameDay.length).toBe(orderCount);
  });

  it('refuses malformed filters with 400', async () => {
    for (const query of [
      'status=shipped',
      'from=2026-13-01',
      'from=01/02/2026',
      'limit=0',
      'limit=500',
      'offset=-1',
      'user_id=42',
      'from=2026-05-02&to=2026-05-01',
    ]) {
      expect(await status(get(orders, `/api/orders?${query}`)), query).toBe(400);
    }
  });

  it('answers one order with its items, customer and shipping address', async () => {
    const row = await database.db
      .selectFrom('orders')
      .select('id')
      .where('payment_session_id', '=', 'cs_test_demo_0001')
      .executeTakeFirstOrThrow();
    const order = await ok<AdminOrder>(get(orders, `/api/orders/${row.id}`, { id: row.id }));
    expect(order.user).toMatchObject({ full_name: 'Maria Delgado', email: 'maria.delgado@example.com' });
    expect(order.shipping).toMatchObject({
      name: 'Maria Delgado',
      city: 'Lubbock',
      state: 'TX',
      postal_code: '79410',
      country: 'US',
    });
    expect(order.items).toHaveLength(2);
    expect(order.items[0]).toMatchObject({ item_type: 'product' });
    expect(order.items.find((i) => i.name === 'West Texas Energy Tee')?.variant_metadata).toEqual({
      color: 'Black',
      size: 'M',
    });
    expect(order.total_cents).toBe(
      order.subtotal_cents - order.discount_cents + order.shipping_cents + order.tax_cents,
    );

    const guest = await database.db
      .selectFrom('orders')
      .select('id')
      .where('payment_session_id', '=', 'cs_test_demo_0011')
      .executeTakeFirstOrThrow();
    const local = await ok<AdminOrder>(get(orders, `/api/orders/${guest.id}`, { id: guest.id }));
    expect(local).toMatchObject({ user: null, shipping: null, fulfillment: 'local' });

    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await status(get(orders, `/api/orders/${missing}`, { id: missing }))).toBe(404);
    expect(await status(get(orders, '/api/orders/12', { id: '12' }))).toBe(404);
  });

  it('lists users as {rows, total} with search, role, created dates and paging', async () => {
    const all = await ok<AdminUserPage>(get(users, '/api/users'));
    expect(all.total).toBe(9);
    expect(all.rows).toHaveLength(9);
    expect(Object.keys(all.rows[0]!).sort()).toEqual(['created_at', 'email', 'full_name', 'id', 'order_count', 'role']);

    const page = await ok<AdminUserPage>(get(users, '/api/users?limit=2&offset=2'));
    expect(page.total).toBe(9);
    expect(page.rows.map((u) => u.id)).toEqual(all.rows.slice(2, 4).map((u) => u.id));

    const maria = await ok<AdminUserPage>(get(users, '/api/users?search=delgado'));
    expect(maria.total).toBe(1);
    expect(maria.rows[0]).toMatchObject({ full_name: 'Maria Delgado', role: 'customer', order_count: 2 });
    expect((await ok<AdminUserPage>(get(users, '/api/users?search=JAKE.WHIT'))).total).toBe(1);
    expect((await ok<AdminUserPage>(get(users, '/api/users?search=%25'))).total).toBe(0);

    const admins = await ok<AdminUserPage>(get(users, '/api/users?role=admin'));
    expect(admins.rows.map((u) => u.email)).toEqual(['renee.castillo@example.com']);

    const day = (ago: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date(Date.now() - ago * 86_400_000));
    const recent = await ok<AdminUserPage>(get(users, `/api/users?created_after=${day(40)}`));
    expect(recent.rows.map((u) => u.full_name).sort()).toEqual(['Becca Nguyen', 'Hank Pruitt']);
    const older = await ok<AdminUserPage>(get(users, `/api/users?created_before=${day(300)}&role=admin`));
    expect(older.total).toBe(1);
    const between = await ok<AdminUserPage>(
      get(users, `/api/users?created_after=${day(160)}&created_before=${day(120)}`),
    );
    expect(between.rows.map((u) => u.full_name).sort()).toEqual(['Darnell Hayes', 'Priya Raman']);
    expect(await status(get(users, '/api/users?role=owner'))).toBe(400);
  });

  it('answers one user with order count and orders, each with its items', async () => {
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'jake.whitfield@example.com')
      .executeTakeFirstOrThrow();
    const jake = await ok<AdminUserDetail>(get(users, `/api/users/${user.id}`, { id: user.id }));
    expect(jake).toMatchObject({ email: 'jake.whitfield@example.com', full_name: 'Jake Whitfield', order_count: 2 });
    expect(jake.orders.map((o) => o.status).sort()).toEqual(['cancelled', 'paid']);
    expect(jake.orders.flatMap((o) => o.items).every((i) => i.quantity > 0 && i.item_type === 'product')).toBe(true);

    // A guest checkout with the same e-mail, not linked to the user, counts as theirs too.
    await database.db.insertInto('orders').values({ email: 'Jake.Whitfield@example.com', status: 'pending' }).execute();
    const again = await ok<AdminUserDetail>(get(users, `/api/users/${user.id}`, { id: user.id }));
    expect(again.order_count).toBe(3);
    expect(again.orders[0]!.items).toEqual([]);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await status(get(users, `/api/users/${missing}`, { id: missing }))).toBe(404);
  });
});
