import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adjustments from '../../netlify/functions/admin-order-adjustments.mts';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import login from '../../netlify/functions/admin-login.mts';
import staffFn from '../../netlify/functions/admin-staff.mts';
import paymentRequests from '../../netlify/functions/admin-order-payment-requests.mts';
import priceLists from '../../netlify/functions/admin-price-lists.mts';
import refunds from '../../netlify/functions/admin-order-refunds.mts';
import stage from '../../netlify/functions/admin-order-stage.mts';
import type { OrderTimelineEvent } from '../../src/lib/admin-schemas/order-stage.ts';
import type { AdminPriceList } from '../../src/lib/admin-schemas/price-lists.ts';
import { setRebuildHandler, setRebuildReporter } from '../../src/server/admin/rebuild.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate.ts';
import { orderTimeline } from '../../src/server/orders/move-stage.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { emptyDatabase } from '../support/empty-database.ts';
import { callFunction } from '../support/call-function.ts';
import { flatList } from '../support/price-list-fixtures.ts';
import { paidPlainOrder, signedInStaff, staffCall } from '../support/staff.ts';

/** Issue 45, "Names on everything": every order event and price-list save names who did it. */

const SECRET = randomBytes(32);

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
  setRebuildHandler(async () => {}, { delayMs: 0 });
  setRebuildReporter(async () => undefined);
});
afterAll(() => {
  installAdminCredentials(undefined);
  setRebuildHandler(null);
  setRebuildReporter(null);
});

const timelineOf = async (orderId: string, authorization: string) => {
  const res = await staffCall(adminOrders, `/api/orders/${orderId}`, authorization, { params: { id: orderId } });
  expect(res.status).toBe(200);
  const order = (await res.json()) as { production: { timeline: OrderTimelineEvent[] } };
  return order.production.timeline;
};

describe.each(DATABASE_KINDS)('who did it, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('the order timeline names who changed it, asked for money, refunded it and moved it', async () => {
    const maria = await signedInStaff(database.db, SECRET, 'office', 'Maria');
    const pat = await signedInStaff(database.db, SECRET, 'production', 'Pat');
    const id = await paidPlainOrder(database.db, 5_000);
    const params = { id };

    const adjusted = await staffCall(adjustments, `/api/orders/${id}/adjustments`, maria.authorization, {
      method: 'POST',
      params,
      body: { amount_cents: 1_000, reason: 'Rush' },
    });
    expect(adjusted.status).toBe(201);
    const asked = await staffCall(paymentRequests, `/api/orders/${id}/payment-requests`, maria.authorization, {
      method: 'POST',
      params,
      body: { kind: 'balance' },
    });
    expect(asked.status).toBe(201);
    const refunded = await staffCall(refunds, `/api/orders/${id}/refunds`, maria.authorization, {
      method: 'POST',
      params,
      body: { amount_cents: 4_000, reason: 'Misprint' },
    });
    expect(refunded.status).toBe(201);
    const moved = await staffCall(stage, `/api/orders/${id}/stage`, pat.authorization, {
      method: 'POST',
      params,
      body: { to: 'in_production' },
    });
    expect(moved.status).toBe(200);

    const timeline = await timelineOf(id, maria.authorization);
    const byKind = (k: string) => timeline.filter((e) => e.kind === k).map((e) => [e.by, e.comment]);
    expect(byKind('order_change')).toEqual([['Maria', expect.stringContaining('Adjustment +$10.00 — Rush')]]);
    expect(byKind('payment_request')).toEqual([['Maria', expect.stringContaining('Balance')]]);
    expect(byKind('refund')).toEqual([['Maria', '$40.00 refunded: Misprint']]);
    expect(byKind('stage')).toEqual([['Pat', null]]);
    // The rows themselves keep the person, not only the timeline.
    const refund = await database.db
      .selectFrom('order_refunds')
      .select('staff_id')
      .where('order_id', '=', id)
      .execute();
    expect(refund).toEqual([{ staff_id: maria.id }]);
    const request = await database.db
      .selectFrom('payment_requests')
      .select('staff_id')
      .where('order_id', '=', id)
      .execute();
    expect(request).toEqual([{ staff_id: maria.id }]);
  });

  it('each saved version of a price list names who saved it', async () => {
    const maria = await signedInStaff(database.db, SECRET, 'office', 'Maria');
    const olga = await signedInStaff(database.db, SECRET, 'owner', 'Olga');
    const created = await staffCall(priceLists, '/api/admin/price-lists', maria.authorization, {
      method: 'POST',
      body: { name: `Flat ${maria.id.slice(0, 6)}`, data: flatList.data },
    });
    expect(created.status).toBe(201);
    const list = (await created.json()) as AdminPriceList;
    const saved = await staffCall(priceLists, `/api/admin/price-lists/${list.id}`, olga.authorization, {
      method: 'PUT',
      params: { id: list.id },
      body: { version: 1, data: { ...flatList.data, cents_per_piece: 600 } },
    });
    expect(saved.status).toBe(200);
    const read = await staffCall(priceLists, `/api/admin/price-lists/${list.id}`, maria.authorization, {
      params: { id: list.id },
    });
    const versions = ((await read.json()) as AdminPriceList).versions;
    expect(versions.map((v) => [v.version, v.saved_by])).toEqual([
      [2, 'Olga'],
      [1, 'Maria'],
    ]);
  });
});

describe.each(DATABASE_KINDS)('removing a person on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('keeps their name on what they did, ends their sessions and stops their sign-in', async () => {
    const olga = await signedInStaff(database.db, SECRET, 'owner', 'Olga');
    const rita = await signedInStaff(database.db, SECRET, 'office', 'Rita');
    await database.db
      .updateTable('staff_accounts')
      .set({ password_hash: await hashPassword('rita-prints-banners', { N: 2 ** 14 }) })
      .where('id', '=', rita.id)
      .execute();
    const id = await paidPlainOrder(database.db);
    const refunded = await staffCall(refunds, `/api/orders/${id}/refunds`, rita.authorization, {
      method: 'POST',
      params: { id },
      body: { amount_cents: 1_000 },
    });
    expect(refunded.status).toBe(201);

    const removed = await staffCall(staffFn, `/api/admin/staff/${rita.id}`, olga.authorization, {
      method: 'DELETE',
      params: { id: rita.id },
    });
    expect(removed.status).toBe(200);
    // Her open tab is signed out on its next request; she cannot sign in again.
    expect((await staffCall(adminOrders, `/api/orders/${id}`, rita.authorization, { params: { id } })).status).toBe(
      401,
    );
    const signIn = await callFunction(login, '/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: rita.email, password: 'rita-prints-banners' }),
    });
    expect(signIn.status).toBe(401);
    // Gone from the Staff screen, her row kept: the timeline still names her.
    const people = (await (await staffCall(staffFn, '/api/admin/staff', olga.authorization)).json()) as {
      id: string;
    }[];
    expect(people.map((p) => p.id)).not.toContain(rita.id);
    expect((await timelineOf(id, olga.authorization)).find((e) => e.kind === 'refund')?.by).toBe('Rita');
    // Her e-mail address may be invited again.
    const again = await staffCall(staffFn, '/api/admin/staff', olga.authorization, {
      method: 'POST',
      body: { name: 'Rita again', email: rita.email, role: 'art' },
    });
    expect(again.status).toBe(201);
  });
});

describe('orders from before staff', () => {
  it('read "by the owner" once the migration has run', { timeout: 120_000 }, async () => {
    const { handle, drop } = await emptyDatabase('postgres');
    try {
      const files = readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      const names = files.findIndex((f) => f.startsWith('20261130100000'));
      expect(names).toBeGreaterThan(0);
      for (const file of files.slice(0, names))
        await handle.execScript(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
      const order = await handle.db
        .insertInto('orders')
        .values({ email: 'before@example.com', status: 'paid', paid_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.db
        .insertInto('order_events')
        .values([
          { order_id: order.id, actor: 'owner', kind: 'refund', comment: '$40.00 refunded' },
          { order_id: order.id, actor: 'customer', kind: 'stage', to_stage: 'approved', comment: null },
        ])
        .execute();
      for (const file of files.slice(names)) await handle.execScript(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
      const timeline = await orderTimeline(handle.db, order.id);
      expect(timeline.map((e) => [e.kind, e.by])).toEqual(
        expect.arrayContaining([
          ['refund', 'the owner'],
          ['stage', 'the customer'],
        ]),
      );
      const owner = await handle.db
        .selectFrom('order_events as e')
        .innerJoin('staff_accounts as s', 's.id', 'e.staff_id')
        .select(['s.uses_shop_password'])
        .where('e.order_id', '=', order.id)
        .execute();
      expect(owner).toEqual([{ uses_shop_password: true }]);
    } finally {
      await drop();
    }
  });
});
