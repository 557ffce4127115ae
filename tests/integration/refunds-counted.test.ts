import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminDashboard from '../../netlify/functions/admin-dashboard.mts';
import ordersExport from '../../netlify/functions/admin-orders-export.mts';
import type { DashboardAnswer } from '../../src/lib/admin-schemas/dashboard.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * A refund still pending (reserved, its outcome unknown until the sweep settles it) is not money
 * given back (docs/decisions/0025-hardening.md): the dashboard's revenue net of refunds and the CSV export's Refunded
 * count a refund once it succeeded, not before.
 */
const { authorization } = adminProductSaves();
const EMAIL = 'counted@example.com';

describe.each(DATABASE_KINDS)('refunds counted on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const revenueToday = async () => {
    const res = await callFunction(adminDashboard, '/api/dashboard?days=7', { headers: { authorization } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as DashboardAnswer;
    return {
      day: answer.revenue_by_day.at(-1)!.cents,
      window: answer.revenue_by_day.reduce((sum, d) => sum + d.cents, 0),
    };
  };
  /** The export's Total and Refunded cells of the order. */
  const exported = async (orderId: string) => {
    const res = await callFunction(ordersExport, `/api/order-export?email=${EMAIL}`, { headers: { authorization } });
    expect(res.status).toBe(200);
    const line = (await res.text()).split('\r\n').find((l) => l.startsWith(orderId))!;
    const cells = line.split(',');
    return { total: cells[6], refunded: cells[7] };
  };

  it('takes a refund off revenue and shows it refunded when it succeeded, not while it is pending', async () => {
    const before = await revenueToday();
    const order = await database.db
      .insertInto('orders')
      .values({ email: EMAIL, status: 'paid', paid_at: new Date(), subtotal_cents: 8_000, total_cents: 8_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // $10 refunded earlier, then $25 asked for and reserved as a refund is, its answer lost.
    await database.db.updateTable('orders').set({ refunded_cents: 3_500 }).where('id', '=', order.id).execute();
    const [, pending] = await database.db
      .insertInto('order_refunds')
      .values(
        [1_000, 2_500].map((amount, i) => ({
          order_id: order.id,
          amount_cents: amount,
          status: i === 0 ? ('succeeded' as const) : ('pending' as const),
          source: 'admin' as const,
          idempotency_key: crypto.randomUUID(),
          attempted_at: sql<Date>`now()`,
        })),
      )
      .returning('id')
      .execute();

    const whilePending = await revenueToday();
    expect(whilePending.day - before.day).toBe(8_000 - 1_000);
    expect(whilePending.window - before.window).toBe(8_000 - 1_000);
    expect(await exported(order.id)).toEqual({ total: '80.00', refunded: '10.00' });

    // The sweep learns the refund was made.
    await database.db.updateTable('order_refunds').set({ status: 'succeeded' }).where('id', '=', pending!.id).execute();
    const made = await revenueToday();
    expect(made.day - before.day).toBe(8_000 - 3_500);
    expect(made.window - before.window).toBe(8_000 - 3_500);
    expect(await exported(order.id)).toEqual({ total: '80.00', refunded: '35.00' });
  });
});
