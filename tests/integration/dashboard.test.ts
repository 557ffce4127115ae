import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminDashboard from '../../netlify/functions/admin-dashboard.mts';
import type { DashboardAnswer } from '../../src/lib/admin-schemas/dashboard.ts';
import { revenueBars } from '../../src/admin/dashboard/revenue-bars.ts';
import { addDays, shopDateWords, shopDay, shopLocalToInstant } from '../../src/lib/site/shop-time.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/** The owner's dashboard (docs/decisions/0016-order-workflow.md): every figure follows from the orders and stock. */
const { authorization } = adminProductSaves();

describe.each(DATABASE_KINDS)('the dashboard on %s', (kind) => {
  let database: TestDatabase;
  const read = async (query = '') => {
    const res = await callFunction(adminDashboard, `/api/dashboard${query}`, { headers: { authorization } });
    expect(res.status).toBe(200);
    return (await res.json()) as DashboardAnswer;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('adds today’s paid orders net of refunds, their best seller, proof answers and low stock', async () => {
    const before = await read('?days=7');
    expect(before.revenue_by_day).toHaveLength(7);
    // One window, named by its first and last day: today and six days before.
    expect(before.to).toBe(before.revenue_by_day.at(-1)!.day);
    expect(before.from).toBe(before.revenue_by_day[0]!.day);
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
    expect(days(before.from, before.to)).toBe(6);
    expect((await read('?days=90')).revenue_by_day).toHaveLength(90);

    const [a, b] = await Promise.all(
      [10_000, 5_000].map((total) =>
        database.db
          .insertInto('orders')
          .values({
            email: 'dash@example.com',
            status: 'paid',
            paid_at: new Date(),
            subtotal_cents: total,
            total_cents: total,
            stage: 'proof_sent',
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    await database.db.updateTable('orders').set({ refunded_cents: 1_000 }).where('id', '=', b!.id).execute();
    await database.db
      .insertInto('order_items')
      .values({ order_id: a!.id, name: 'Dashboard Banner', quantity: 40, unit_price_cents: 250 })
      .execute();
    // A proof answered three hours after it was sent.
    await database.db
      .insertInto('order_events')
      .values([
        {
          order_id: a!.id,
          actor: 'owner',
          from_stage: 'paid',
          to_stage: 'proof_sent',
          created_at: sql<Date>`now() - interval '3 hours'`,
        },
        {
          order_id: a!.id,
          actor: 'customer',
          from_stage: 'proof_sent',
          to_stage: 'approved',
          created_at: sql<Date>`now()`,
        },
      ])
      .execute();
    const product = await database.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('is_active', '=', true)
      .orderBy('sort_order')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('products')
      .set({ low_stock_threshold: 100_000 })
      .where('id', '=', product.id)
      .execute();
    await database.db
      .updateTable('product_variants')
      .set({ stock_qty: 0 })
      .where('product_id', '=', product.id)
      .execute();

    const after = await read('?days=7');
    const today = (d: DashboardAnswer) => d.revenue_by_day.at(-1)!;
    expect(today(after).cents - today(before).cents).toBe(10_000 + 5_000 - 1_000);
    expect(today(after).orders - today(before).orders).toBe(2);
    const total = (d: DashboardAnswer) => d.revenue_by_day.reduce((sum, day) => sum + day.cents, 0);
    expect(total(after) - total(before)).toBe(14_000);
    expect(after.stages['proof_sent']! - before.stages['proof_sent']!).toBe(2);
    expect(after.top_products[0]).toEqual({ name: 'Dashboard Banner', pieces: 40, cents: 10_000 });
    expect(after.proof_turnaround.answered).toBe(before.proof_turnaround.answered + 1);
    expect(after.proof_turnaround.median_hours).toBeCloseTo(3, 1);
    expect(after.low_stock.some((row) => row.product_id === product.id && row.threshold === 100_000)).toBe(true);
    expect(after.low_stock.map((r) => r.stock)).toEqual([...after.low_stock.map((r) => r.stock)].sort((x, y) => x - y));

    for (const bad of ['?days=0', '?days=1000', '?days=week']) {
      expect((await callFunction(adminDashboard, `/api/dashboard${bad}`, { headers: { authorization } })).status).toBe(
        400,
      );
    }
    expect((await callFunction(adminDashboard, '/api/dashboard')).status).toBe(401);
  });

  it('puts an order paid at 11:30 PM shop time on the bar of the shop’s day, named as the shop writes it', async () => {
    // Yesterday at 11:30 PM in Texas: already today in UTC.
    const yesterday = addDays(shopDay(), -1);
    const paidAt = shopLocalToInstant(`${yesterday}T23:30`)!;
    expect(paidAt.toISOString().slice(0, 10)).toBe(shopDay());
    const bars = async () => revenueBars((await read('?days=7')).revenue_by_day).bars;
    const before = await bars();
    await database.db
      .insertInto('orders')
      .values({ email: 'late@example.com', status: 'paid', paid_at: paidAt, subtotal_cents: 777, total_cents: 777 })
      .execute();
    const after = await bars();
    expect(after.map((b) => b.label)).toEqual(before.map((b) => b.label));
    const moved = after.flatMap((b, i) =>
      b.value === before[i]!.value ? [] : [[b.label, b.value - before[i]!.value]],
    );
    expect(moved).toEqual([[shopDateWords(yesterday), 777]]);
  });
});
