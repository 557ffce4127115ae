import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFunctions } from '../../scripts/server/functions-loader.mts';
import colors from '../../netlify/functions/admin-colors.mts';
import orders from '../../netlify/functions/admin-orders.mts';
import refunds from '../../netlify/functions/admin-order-refunds.mts';
import shopSettings from '../../netlify/functions/admin-shop-settings.mts';
import staffFn from '../../netlify/functions/admin-staff.mts';
import workOrder from '../../netlify/functions/admin-order-work-order.mts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { DOLLARS, MONEY_KEY } from '../../src/server/staff/money-fields.ts';
import { entryFor, ROUTE_PERMISSIONS } from '../../src/server/staff/route-permissions.ts';
import { ROLE_KEYS, type RoleKey, roleAllows } from '../../src/server/staff/roles.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

/** Issue 45: one permission table for every admin route, enforced by the server; money absent per role. */

type Fn = (req: Request, context: Context) => Promise<Response>;
const SECRET = randomBytes(32);
/** Function files that answer the admin's Bearer token but are not named admin-*. */
const ALSO_ADMIN = ['artwork-thumbnail'];

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe('the permission table', () => {
  it('has an entry for every method of every admin function, and none for a route that does not exist', async () => {
    const routes = await loadFunctions(join(process.cwd(), 'netlify/functions'), () => {});
    const admin = routes.filter(
      ({ fn }) => (fn.name.startsWith('admin-') && fn.name !== 'admin-login') || ALSO_ADMIN.includes(fn.name),
    );
    expect(admin.length).toBeGreaterThan(50);
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const { fn, path } of admin) {
      for (const method of fn.methods ?? ['GET']) {
        seen.add(`${method} ${path}`);
        if (!entryFor(path, method)) missing.push(`${fn.name}: ${method} ${path}`);
      }
    }
    expect(missing, 'admin routes without a permission').toEqual([]);
    const stale = ROUTE_PERMISSIONS.flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => !seen.has(`${m} ${path}`))
        .map((m) => `${m} ${path}`),
    );
    expect(stale, 'permission entries for routes no function answers').toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('roles on %s', (kind) => {
  let database: TestDatabase;
  const tokens = {} as Record<RoleKey, string>;
  let orderId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    for (const role of ROLE_KEYS) tokens[role] = (await signedInStaff(database.db, SECRET, role)).authorization;
    const order = await database.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'paid')
      .where('total_cents', '>', 0)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    orderId = order.id;
  });
  afterAll(() => database.dispose());

  const send = (
    fn: unknown,
    role: RoleKey,
    method: string,
    path: string,
    body?: unknown,
    params: Record<string, string> = {},
  ) =>
    callFunction(fn as Fn, path, {
      method,
      params,
      headers: { authorization: tokens[role], 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it.each(ROLE_KEYS)('%s: a forbidden call is 403 in words and changes nothing', async (role) => {
    const count = async (table: 'colors' | 'staff_accounts' | 'order_refunds') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      colors: await count('colors'),
      staff: await count('staff_accounts'),
      refunds: await count('order_refunds'),
    };
    const tries = [
      {
        permission: 'catalog',
        res: await send(colors, role, 'POST', '/api/colors', { name: 'Forbidden Teal', hex: '#008080' }),
      },
      {
        permission: 'staff',
        res: await send(staffFn, role, 'POST', '/api/admin/staff', {
          name: 'Nobody',
          email: `nobody-${role}@staff.test`,
          role: 'owner',
        }),
      },
      {
        permission: 'refunds',
        res: await send(
          refunds,
          role,
          'POST',
          `/api/orders/${orderId}/refunds`,
          { amount_cents: 100, reason: 'test' },
          { id: orderId },
        ),
      },
      { permission: 'settings', res: await send(shopSettings, role, 'GET', '/api/admin/shop-settings') },
    ] as const;
    for (const { permission, res } of tries) {
      if (roleAllows(role, permission)) {
        expect(res.status, `${role} may ${permission}`).not.toBe(403);
        continue;
      }
      expect(res.status, `${role} may not ${permission}`).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('forbidden');
      expect(body.error.message).toMatch(/^Your role \(\w+\) may not do this: /);
    }
    if (!roleAllows(role, 'catalog')) expect(await count('colors')).toBe(before.colors);
    if (!roleAllows(role, 'staff')) expect(await count('staff_accounts')).toBe(before.staff);
    if (!roleAllows(role, 'refunds')) expect(await count('order_refunds')).toBe(before.refunds);
  });

  const moneyIn = (value: unknown, path = ''): string[] => {
    if (Array.isArray(value)) return value.flatMap((v, i) => moneyIn(v, `${path}[${i}]`));
    if (typeof value === 'string') return DOLLARS.test(value) ? [`${path} = ${value}`] : [];
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([k, v]) => [
      ...(MONEY_KEY.test(k) ? [`${path}.${k}`] : []),
      ...moneyIn(v, `${path}.${k}`),
    ]);
  };

  it.each(['art', 'production', 'shipping'] as const)(
    '%s: the order list, the order and its work order come without prices, totals or payments',
    async (role) => {
      const answers = {
        list: await send(orders, role, 'GET', '/api/orders'),
        order: await send(orders, role, 'GET', `/api/orders/${orderId}`, undefined, { id: orderId }),
        workOrder: await send(workOrder, role, 'GET', `/api/orders/${orderId}/work-order`, undefined, { id: orderId }),
      };
      for (const [what, res] of Object.entries(answers)) {
        expect(res.status, what).toBe(200);
        const body = (await res.json()) as unknown;
        expect(moneyIn(body), `${what} for ${role}`).toEqual([]);
      }
    },
  );

  it('the owner and the office still see the money of the same answers', async () => {
    for (const role of ['owner', 'office'] as const) {
      const order = (await (
        await send(orders, role, 'GET', `/api/orders/${orderId}`, undefined, { id: orderId })
      ).json()) as Record<string, unknown>;
      expect(order['total_cents'], role).toEqual(expect.any(Number));
      const list = (await (await send(orders, role, 'GET', '/api/orders')).json()) as unknown;
      expect(moneyIn(list).length, role).toBeGreaterThan(0);
    }
  });
});
