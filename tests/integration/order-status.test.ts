import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * State kept once (docs/decisions/0026-house-renovation.md): status is the payment's state
 * (pending, paid, cancelled) and a paid order always has a stage, so no screen or query has to guess where a job is.
 */
const { authorization } = adminProductSaves();

describe.each(DATABASE_KINDS)('order status and stage on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const insert = (status: string, stage: string | null = null) =>
    sql`insert into orders (email, status, paid_at, stage)
        values ('state@example.com', ${status}, case when ${status} = 'paid' then now() end, ${stage})
        returning stage`.execute(database.db);

  it('seeds no paid order without a stage, and its handed-over orders as paid and completed', async () => {
    const rows = await database.db.selectFrom('orders').select(['status', 'stage', 'fulfilled_at']).execute();
    expect(rows.filter((o) => o.status === 'paid' && o.stage === null)).toEqual([]);
    const handedOver = rows.filter((o) => o.fulfilled_at !== null);
    expect(handedOver.length).toBeGreaterThan(0);
    expect(handedOver.every((o) => o.status === 'paid' && o.stage === 'completed')).toBe(true);
    expect(new Set(rows.map((o) => o.status))).toEqual(new Set(['pending', 'paid', 'cancelled']));
  });

  it('refuses a fulfilled status, and starts a paid order written without a stage at paid', async () => {
    await expect(insert('fulfilled')).rejects.toThrow(/orders_status_check/);
    const [row] = (await insert('paid')).rows as { stage: string }[];
    expect(row!.stage).toBe('paid');
    const [kept] = (await insert('paid', 'in_production')).rows as { stage: string }[];
    expect(kept!.stage).toBe('in_production');
    // Taking a paid order's stage away leaves it where a paid order starts, never empty.
    const cleared = await sql<{ stage: string }>`
      update orders set stage = null where email = 'state@example.com' and stage = 'in_production'
      returning stage`.execute(database.db);
    expect(cleared.rows.map((r) => r.stage)).toEqual(['paid']);
    // A pending order has no stage.
    const [pending] = (await insert('pending')).rows as { stage: string | null }[];
    expect(pending!.stage).toBeNull();
  });

  it('no longer offers fulfilled as an order status filter', async () => {
    const res = await callFunction(adminOrders, '/api/orders?status=fulfilled', { headers: { authorization } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Status must be one of pending, paid, cancelled.');
  });
});
