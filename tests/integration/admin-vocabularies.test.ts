import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import colors from '../../netlify/functions/admin-colors.mts';
import discountCodes from '../../netlify/functions/admin-discount-codes.mts';
import discountReport from '../../netlify/functions/admin-discount-report.mts';
import sizes from '../../netlify/functions/admin-sizes.mts';
import templates from '../../netlify/functions/admin-templates.mts';
import type { AdminColor, AdminDiscountCode, AdminSize, AdminTemplate } from '../../src/lib/admin-schemas/index.ts';
import { flushRebuild, setRebuildHandler } from '../../src/server/admin/rebuild.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

type Fn = (req: Request, context: Context) => Promise<Response>;

const SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(SECRET).token}`;
const rebuild = vi.fn();

function call(fn: Fn, method: string, path: string, body?: unknown, params: Record<string, string> = {}) {
  return callFunction(fn, path, {
    method,
    params,
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const response = await res;
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function refused(res: Promise<Response>, status: number) {
  const response = await res;
  const body = (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body.error;
}

async function rebuilds() {
  await flushRebuild();
  const reasons = rebuild.mock.calls.flatMap(([r]) => r as { entity: string; action: string }[]);
  rebuild.mockClear();
  return reasons.map((r) => `${r.action} ${r.entity}`);
}

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
  setRebuildHandler(rebuild, { delayMs: 0 });
});
afterAll(() => {
  installAdminCredentials(undefined);
  setRebuildHandler(null);
});

describe.each(DATABASE_KINDS)('admin vocabularies on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await flushRebuild();
    rebuild.mockClear();
  });

  it('colours: list, create, update, refuse a taken name and unknown fields, delete', async () => {
    const list = await ok<AdminColor[]>(call(colors, 'GET', '/api/colors'));
    expect(list.map((c) => c.name)).toContain('Black');
    expect(Object.keys(list[0]!).sort()).toEqual(['hex', 'id', 'is_active', 'name', 'sort_order']);

    const teal = await ok<AdminColor>(call(colors, 'POST', '/api/colors', { name: 'Teal', hex: '#008080' }), 201);
    expect(teal).toMatchObject({ name: 'Teal', hex: '#008080', is_active: true });
    const clear = await ok<AdminColor>(
      call(
        colors,
        'PUT',
        `/api/colors/${teal.id}`,
        { id: teal.id, hex: '#00808080', is_active: false },
        { id: teal.id },
      ),
    );
    expect(clear).toMatchObject({ name: 'Teal', hex: '#00808080', is_active: false });
    expect(await rebuilds()).toEqual(['create color', 'update color']);

    expect((await refused(call(colors, 'POST', '/api/colors', { name: 'Teal', hex: '#000000' }), 409)).code).toBe(
      'duplicate_name',
    );
    expect(
      (await refused(call(colors, 'POST', '/api/colors', { name: 'Pink', hex: 'pink' }), 400)).fields,
    ).toHaveProperty('hex');
    await refused(call(colors, 'POST', '/api/colors', { name: 'Pink', hex: '#FFC0CB', swatch: 'x' }), 400);
    expect(await database.db.selectFrom('colors').select('id').where('name', '=', 'Pink').execute()).toEqual([]);
    expect(await rebuilds()).toEqual([]);

    await ok(call(colors, 'DELETE', `/api/colors/${teal.id}`, undefined, { id: teal.id }));
    await refused(call(colors, 'GET', `/api/colors/${teal.id}`, undefined, { id: teal.id }), 404);
    await refused(call(colors, 'GET', '/api/colors/abc', undefined, { id: 'abc' }), 404);
    expect((await call(colors, 'PUT', '/api/colors', { name: 'x' })).status).toBe(405);
    expect(await rebuilds()).toEqual(['delete color']);
  });

  it('colours: a colour still offered by products or named by orders cannot be deleted (409)', async () => {
    const black = await database.db
      .selectFrom('colors')
      .select('id')
      .where('name', '=', 'Black')
      .executeTakeFirstOrThrow();
    const error = await refused(call(colors, 'DELETE', `/api/colors/${black.id}`, undefined, { id: black.id }), 409);
    expect(error.code).toBe('still_referenced');
    expect(error.message).toMatch(/offered by \d+ products and appears in \d+ orders/);

    // Only in an order (a product no longer offers it): still refused, so order history keeps its link.
    const gold = await ok<AdminColor>(call(colors, 'POST', '/api/colors', { name: 'Gold', hex: '#FFD700' }), 201);
    const order = await database.db.selectFrom('order_items').select('id').limit(1).executeTakeFirstOrThrow();
    await database.db.updateTable('order_items').set({ color_id: gold.id }).where('id', '=', order.id).execute();
    const onlyOrdered = await refused(
      call(colors, 'DELETE', `/api/colors/${gold.id}`, undefined, { id: gold.id }),
      409,
    );
    expect(onlyOrdered.message).toMatch(/appears in 1 order.*inactive/);
    expect(await database.db.selectFrom('colors').select('id').where('id', '=', black.id).execute()).toHaveLength(1);
  });

  it('sizes: create, update, refuse a referenced delete, delete', async () => {
    const list = await ok<AdminSize[]>(call(sizes, 'GET', '/api/sizes'));
    const m = list.find((s) => s.name === 'M')!;
    expect((await refused(call(sizes, 'DELETE', `/api/sizes/${m.id}`, undefined, { id: m.id }), 409)).code).toBe(
      'still_referenced',
    );
    const xs = await ok<AdminSize>(call(sizes, 'POST', '/api/sizes', { name: 'Jumbo', sort_order: '99' }), 201);
    expect(xs).toMatchObject({ name: 'Jumbo', sort_order: 99, is_active: true });
    expect((await refused(call(sizes, 'POST', '/api/sizes', { name: 'Jumbo' }), 409)).code).toBe('duplicate_name');
    const off = await ok<AdminSize>(call(sizes, 'PUT', `/api/sizes/${xs.id}`, { is_active: false }, { id: xs.id }));
    expect(off.is_active).toBe(false);
    await ok(call(sizes, 'DELETE', `/api/sizes/${xs.id}`, undefined, { id: xs.id }));
    expect(await rebuilds()).toEqual(['create size', 'update size', 'delete size']);
  });

  it('discount codes: only fixed, percentage or free_shipping; codes unique ignoring case; no rebuild', async () => {
    const bogo = await refused(
      call(discountCodes, 'POST', '/api/discount_codes', {
        code: 'BOGO',
        name: 'Buy one',
        type: 'bogo',
        amount_cents: 0,
      }),
      400,
    );
    expect(bogo.fields?.['type']).toBe('Choose Percent off, Dollars off or Free shipping.');

    const created = await ok<AdminDiscountCode>(
      call(discountCodes, 'POST', '/api/discount_codes', {
        code: 'FAIR20',
        name: 'County fair',
        type: 'percentage',
        amount_cents: '2000',
        is_active: true,
      }),
      201,
    );
    expect(created).toMatchObject({
      code: 'FAIR20',
      amount_cents: 2000,
      total_uses: 0,
      max_uses: null,
      is_active: true,
    });
    const clash = await refused(
      call(discountCodes, 'POST', '/api/discount_codes', { code: 'save10', name: 'x', type: 'fixed', amount_cents: 1 }),
      409,
    );
    expect(clash.code).toBe('duplicate_code');
    expect(
      (
        await refused(
          call(discountCodes, 'PUT', `/api/discount_codes/${created.id}`, { amount_cents: 12000 }, { id: created.id }),
          400,
        )
      ).fields,
    ).toHaveProperty('amount_cents');
    await refused(
      call(discountCodes, 'POST', '/api/discount_codes', { code: 'X', name: 'x', type: 'fixed', total_uses: 5 }),
      400,
    );
    const updated = await ok<AdminDiscountCode>(
      call(
        discountCodes,
        'PUT',
        `/api/discount_codes/${created.id}`,
        { name: 'Fair week', max_uses: '50' },
        { id: created.id },
      ),
    );
    expect(updated).toMatchObject({ name: 'Fair week', max_uses: 50, type: 'percentage' });
    expect(await rebuilds()).toEqual([]);
  });

  it('discount codes: an amount that does not fit its type is refused with 400 and nothing is stored', async () => {
    const stored = async () =>
      database.db.selectFrom('discount_codes').select(['code', 'type', 'amount_cents']).orderBy('code').execute();
    const before = await stored();
    const percent = 'Enter the percent off: more than 0 and at most 100.';
    const dollars = 'Enter the dollars off: more than $0.00.';
    const post = (body: Record<string, unknown>) =>
      refused(call(discountCodes, 'POST', '/api/discount_codes', { code: 'BAD1', name: 'Bad', ...body }), 400);

    expect((await post({ type: 'percentage', amount_cents: 10_001 })).fields).toEqual({ amount_cents: percent });
    expect((await post({ type: 'percentage', amount_cents: 0 })).fields).toEqual({ amount_cents: percent });
    expect((await post({ type: 'fixed' })).fields).toEqual({ amount_cents: dollars });
    expect((await post({ type: 'fixed', amount_cents: null })).fields).toEqual({ amount_cents: 'Enter an amount.' });
    expect((await post({ type: 'percent', amount_cents: 1500 })).fields).toEqual({
      type: 'Choose Percent off, Dollars off or Free shipping.',
    });

    // An edit naming only the amount or only the type is checked against the stored code.
    const welcome = before.find((c) => c.code === 'WELCOME10')!;
    const id = (await ok<AdminDiscountCode[]>(call(discountCodes, 'GET', '/api/discount_codes'))).find(
      (c) => c.code === 'WELCOME10',
    )!.id;
    const put = (body: Record<string, unknown>) =>
      refused(call(discountCodes, 'PUT', `/api/discount_codes/${id}`, body, { id }), 400);
    expect((await put({ amount_cents: 0 })).fields).toEqual({ amount_cents: percent });
    expect((await put({ type: 'fixed', amount_cents: 0 })).fields).toEqual({ amount_cents: dollars });
    expect(welcome).toEqual({ code: 'WELCOME10', type: 'percentage', amount_cents: 1000 });
    expect(await stored()).toEqual(before);
  });

  it('discount codes: a free-shipping code stores no amount, made so or changed to it', async () => {
    const created = await ok<AdminDiscountCode>(
      call(discountCodes, 'POST', '/api/discount_codes', {
        code: 'SHIPFREE7',
        name: 'Ship free',
        type: 'free_shipping',
        amount_cents: 700,
      }),
      201,
    );
    expect(created).toMatchObject({ type: 'free_shipping', amount_cents: 0 });
    const dollarsOff = await ok<AdminDiscountCode>(
      call(discountCodes, 'POST', '/api/discount_codes', {
        code: 'TEN-OFF',
        name: 'Ten',
        type: 'fixed',
        amount_cents: 1000,
      }),
      201,
    );
    const changed = await ok<AdminDiscountCode>(
      call(
        discountCodes,
        'PUT',
        `/api/discount_codes/${dollarsOff.id}`,
        { type: 'free_shipping' },
        { id: dollarsOff.id },
      ),
    );
    expect(changed).toMatchObject({ type: 'free_shipping', amount_cents: 0 });
  });

  it('discount codes: max uses never below uses so far; a used code cannot be deleted; report shows usage', async () => {
    const codes = await ok<AdminDiscountCode[]>(call(discountReport, 'GET', '/api/discount_codes/report'));
    const citychamp = codes.find((c) => c.code === 'CITYCHAMP15')!;
    expect(citychamp).toMatchObject({
      name: 'City Champ players: 15% off',
      type: 'percentage',
      amount_cents: 1500,
      is_active: true,
      max_uses: 200,
      total_uses: 37,
    });
    for (const key of ['code', 'name', 'type', 'amount_cents', 'is_active', 'max_uses', 'total_uses']) {
      expect(citychamp).toHaveProperty(key);
    }
    const below = await refused(
      call(discountCodes, 'PUT', `/api/discount_codes/${citychamp.id}`, { max_uses: 10 }, { id: citychamp.id }),
      409,
    );
    expect(below.code).toBe('below_total_uses');

    const used = await refused(
      call(discountCodes, 'DELETE', `/api/discount_codes/${citychamp.id}`, undefined, { id: citychamp.id }),
      409,
    );
    expect(used.message).toMatch(/used by \d+ orders?.*inactive/);

    const unused = codes.find((c) => c.code === 'WT-LS6D2X')!;
    await ok(call(discountCodes, 'DELETE', `/api/discount_codes/${unused.id}`, undefined, { id: unused.id }));
    const after = await ok<AdminDiscountCode[]>(call(discountCodes, 'GET', '/api/discount_codes'));
    expect(after.map((c) => c.code)).not.toContain('WT-LS6D2X');
    expect(after.length).toBe(codes.length - 1);
  });

  it('templates: sanitised HTML, unique bindings and names, update and delete', async () => {
    const created = await ok<AdminTemplate>(
      call(templates, 'POST', '/api/templates', {
        name: 'shipping-notice',
        subject: 'Your order {{orderNumber}} shipped',
        txt: 'Tracking: {{tracking}}',
        html: '<p style="color:#BF5700" onmouseover="x()">Tracking <a href="{{trackingUrl}}">{{tracking}}</a></p><script>steal()</script>',
        bindings: ['orderNumber', 'tracking', 'trackingUrl'],
      }),
      201,
    );
    expect(created.html).toBe('<p style="color:#BF5700">Tracking <a href="{{trackingUrl}}">{{tracking}}</a></p>');
    expect(created.bindings).toEqual(['orderNumber', 'tracking', 'trackingUrl']);

    const dup = await refused(
      call(templates, 'PUT', `/api/templates/${created.id}`, { bindings: ['a', 'a'] }, { id: created.id }),
      400,
    );
    expect(dup.fields?.['bindings']).toBe('Bindings must be unique.');
    expect(
      (await refused(call(templates, 'POST', '/api/templates', { name: 'order-confirmation', subject: 'x' }), 409))
        .code,
    ).toBe('duplicate_name');

    const updated = await ok<AdminTemplate>(
      call(
        templates,
        'PUT',
        `/api/templates/${created.id}`,
        { html: '<b>Hi</b><img src=x onerror=alert(1)>', bindings: [] },
        { id: created.id },
      ),
    );
    expect(updated).toMatchObject({ html: '<b>Hi</b><img src="x" />', bindings: [], subject: created.subject });
    const list = await ok<AdminTemplate[]>(call(templates, 'GET', '/api/templates'));
    expect(list.map((t) => t.name)).toEqual(expect.arrayContaining(['order-confirmation', 'shipping-notice']));
    await ok(call(templates, 'DELETE', `/api/templates/${created.id}`, undefined, { id: created.id }));
    await refused(call(templates, 'GET', `/api/templates/${created.id}`, undefined, { id: created.id }), 404);
    expect(await rebuilds()).toEqual([]);
  });
});
