import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import orderCounts from '../../netlify/functions/admin-order-counts.mts';
import orderStagesBulk from '../../netlify/functions/admin-order-stages-bulk.mts';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import ordersExport from '../../netlify/functions/admin-orders-export.mts';
import type { AdminOrderRow, OrderStageBulkAnswer } from '../../src/lib/admin-schemas/index.ts';
import { csvCell } from '../../src/server/admin/csv.ts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * The owner's work queue (docs/decisions/0016-order-workflow.md): counts per stage, what needs
 * attention, bulk moves and the CSV export.
 */
const { authorization } = adminProductSaves();

describe('CSV cells', () => {
  it('turns formulas into text and quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    );
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});

describe.each(DATABASE_KINDS)('the orders work queue on %s', (kind) => {
  let database: TestDatabase;
  const get = (fn: typeof adminOrders, path: string) => callFunction(fn, path, { headers: { authorization } });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  async function order(values: {
    email: string;
    stage?: 'paid' | 'awaiting_artwork' | 'changes_requested' | 'in_production' | 'shipped';
    inHandsInDays?: number;
    /** The day the turnaround promised, this many days from the shop's today. */
    readyInDays?: number;
    status?: 'paid' | 'pending';
  }) {
    const shopDayIn = (days: number) => sql<Date>`(now() at time zone 'America/Chicago')::date + ${days}::int`;
    const paid = (values.status ?? 'paid') === 'paid';
    const row = await database.db
      .insertInto('orders')
      .values({
        email: values.email,
        status: values.status ?? 'paid',
        paid_at: paid ? new Date() : null,
        stage: values.stage ?? (paid ? 'paid' : null),
        in_hands_date: values.inHandsInDays === undefined ? null : shopDayIn(values.inHandsInDays),
        ready_by: values.readyInDays === undefined ? null : shopDayIn(values.readyInDays),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('counts paid jobs per stage and lists what needs attention, with the reasons in words', async () => {
    const before = (await (await get(orderCounts, '/api/order-counts')).json()) as {
      stages: Record<string, number>;
      attention: number;
    };
    const art = await order({ email: 'queue.art@example.com', stage: 'awaiting_artwork' });
    const changes = await order({ email: 'queue.changes@example.com', stage: 'changes_requested' });
    const soon = await order({ email: 'queue.soon@example.com', stage: 'in_production', inHandsInDays: 2 });
    const late = await order({ email: 'queue.late@example.com', inHandsInDays: -1 });
    const later = await order({ email: 'queue.later@example.com', stage: 'in_production', inHandsInDays: 10 });
    await order({ email: 'queue.gone@example.com', stage: 'shipped', inHandsInDays: -1 });
    // A rush promised for yesterday is due before the customer's own date.
    const promised = await order({ email: 'queue.rush@example.com', inHandsInDays: 10, readyInDays: -1 });

    const counts = (await (await get(orderCounts, '/api/order-counts')).json()) as typeof before;
    expect(counts.stages['awaiting_artwork']).toBe(before.stages['awaiting_artwork']! + 1);
    expect(counts.stages['in_production']).toBe(before.stages['in_production']! + 2);
    expect(counts.stages['paid']).toBe(before.stages['paid']! + 2);
    expect(counts.attention).toBe(before.attention + 5);

    const needing = (await (await get(adminOrders, '/api/orders?attention=true&limit=100')).json()) as AdminOrderRow[];
    const reasons = Object.fromEntries(needing.map((o) => [o.id, o.needs]));
    expect(reasons[art]).toEqual(['Artwork has not arrived.']);
    expect(reasons[changes]).toEqual(['The customer asked for changes to the proof.']);
    expect(reasons[soon]).toEqual(['Due in 2 days.']);
    expect(reasons[late]?.[0]).toMatch(
      /^Overdue: the customer needed it on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
    );
    expect(reasons[promised]?.[0]).toMatch(
      /^Overdue: we promised it ready by [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
    );
    expect(reasons[later]).toBeUndefined();
    expect(needing.every((o) => o.needs.length > 0)).toBe(true);

    const inProduction = (await (
      await get(adminOrders, '/api/orders?stage=in_production&limit=100')
    ).json()) as AdminOrderRow[];
    expect(inProduction.map((o) => o.id)).toEqual(expect.arrayContaining([soon, later]));
    expect(inProduction.every((o) => o.stage === 'in_production')).toBe(true);
    expect((await get(adminOrders, '/api/orders?stage=printing')).status).toBe(400);
  });

  it('flags exactly the orders whose reasons it words: one rule for the filter, the count and the words', async () => {
    const email = 'queue.agree@example.com';
    const count = async () =>
      ((await (await get(orderCounts, '/api/order-counts')).json()) as { attention: number }).attention;
    const before = await count();
    const cases: { status: 'paid' | 'pending' | 'cancelled'; stage: string | null; days: number | null }[] = [];
    for (const status of ['paid', 'pending', 'cancelled'] as const)
      for (const stage of [
        null,
        'paid',
        'awaiting_artwork',
        'changes_requested',
        'in_production',
        'shipped',
        'completed',
      ])
        for (const days of [null, -1, 0, 3, 4])
          if (status !== 'paid' || stage !== null) cases.push({ status, stage, days });
    for (const c of cases)
      await sql`insert into orders (email, status, paid_at, cancelled_at, stage, in_hands_date)
        values (${email}, ${c.status}, case when ${c.status} <> 'pending' then now() end,
                case when ${c.status} = 'cancelled' then now() end, ${c.stage},
                (now() at time zone 'America/Chicago')::date + ${c.days}::int)`.execute(database.db);
    const list = async (path: string) =>
      (await (await get(adminOrders, `/api/orders?email=${email}&status=${path}&limit=100`)).json()) as AdminOrderRow[];
    const all = [...(await list('paid')), ...(await list('pending')), ...(await list('cancelled'))];
    expect(all).toHaveLength(cases.length);
    const worded = all.filter((o) => o.needs.length > 0).map((o) => o.id);
    const flagged = [
      ...(await list('paid&attention=true')),
      ...(await list('pending&attention=true')),
      ...(await list('cancelled&attention=true')),
    ].map((o) => o.id);
    expect(flagged.sort()).toEqual(worded.sort());
    expect(await count()).toBe(before + flagged.length);
    // Only a paid job waits on the shop: a cancelled one keeps its last stage yet needs nothing.
    expect(all.filter((o) => o.status !== 'paid' && o.needs.length > 0)).toEqual([]);
    // Paid and not handed over: overdue, today, in 3 days count; in 4 days does not.
    const paidInProduction = all.filter((o) => o.status === 'paid' && o.stage === 'in_production');
    expect(paidInProduction.map((o) => o.needs.length > 0).sort()).toEqual([false, false, true, true, true]);
  });

  it('moves several orders at once, each checked on its own, and refuses bulk proofs and shipping', async () => {
    const a = await order({ email: 'bulk.a@example.com' });
    const b = await order({ email: 'bulk.b@example.com' });
    const done = await order({ email: 'bulk.done@example.com', stage: 'shipped' });
    const missing = crypto.randomUUID();
    const bulk = (body: unknown) =>
      callFunction(orderStagesBulk, '/api/order-stages', {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const answer = await bulk({ ids: [a, b, done, missing], to: 'in_production', comment: 'Tuesday run' });
    expect(answer.status).toBe(200);
    const moved = (await answer.json()) as OrderStageBulkAnswer;
    expect(moved.moved.sort()).toEqual([a, b].sort());
    expect(moved.refused).toEqual([
      { id: done, reason: 'An order that is shipped cannot become in production.' },
      { id: missing, reason: `There is no order with id ${missing}.` },
    ]);
    const before = await snapshot(database.db);
    for (const body of [
      { ids: [a], to: 'shipped' },
      { ids: [a], to: 'proof_sent' },
      { ids: [], to: 'completed' },
      { ids: [a, a], to: 'completed' },
      { ids: Array.from({ length: 101 }, () => crypto.randomUUID()), to: 'completed' },
      { ids: ['nope'], to: 'completed' },
    ]) {
      const refused = await bulk(body);
      expect(refused.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.code).toBe('invalid_input');
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('keeps the in-hands date the customer gave at checkout, and refuses one in the past or malformed', async () => {
    const hoodie = await variantOf(database.db, 'game-day-hoodie', 4);
    await setVariantStock(database.db, hoodie.variantId, 50);
    const checkout = (inHandsDate: unknown) =>
      postJson(cartCheckout, '/api/cart/checkout', {
        items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 1 }],
        fulfillment: 'local',
        inHandsDate,
      });
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const started = await checkout(due);
    expect(started.status).toBe(201);
    const order = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    const stored = await database.db
      .selectFrom('orders')
      .select(sql<string>`to_char(in_hands_date, 'YYYY-MM-DD')`.as('day'))
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored.day).toBe(due);
    for (const bad of [
      '2020-01-01',
      '2026-02-30',
      'next friday',
      new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
    ]) {
      const refused = await checkout(bad);
      expect(refused.status, bad).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.fields).toHaveProperty('inHandsDate');
    }
  });

  it('exports the filtered orders as CSV with every formula-looking cell made text', async () => {
    const evil = await order({ email: '=cmd|"/c calc"!A1@example.com', stage: 'in_production' });
    await database.db
      .updateTable('orders')
      // 11:30 PM in Midland (already the next morning in UTC): the export says the shop's day and time.
      .set({
        discount_code: '+SUM(1,2)',
        carrier: '@evil',
        tracking_number: '-1+2',
        created_at: new Date('2026-11-30T05:30:00Z'),
      })
      .where('id', '=', evil)
      .execute();
    const res = await get(ordersExport, '/api/order-export?stage=in_production');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Order,Created,Email,Status,Stage,Fulfillment,Total (USD),Refunded (USD),In hands by,Carrier,Tracking,Discount code,Priced items',
    );
    const line = lines.find((l) => l.startsWith(evil))!;
    expect(line.startsWith(`${evil},2026-11-29 23:30,`)).toBe(true);
    expect(line).toContain(
      `,"'=cmd|""/c calc""!A1@example.com",paid,in_production,shipping,0.00,0.00,,'@evil,'-1+2,"'+SUM(1,2)"`,
    );
    // Only the filtered orders, and no cell anywhere that a spreadsheet would run.
    expect(lines.slice(1, -1).every((l) => l.split(',')[4] === 'in_production')).toBe(true);
    for (const cell of text.split(/[,\r\n]/)) expect(cell).not.toMatch(/^[=+@]/);
    expect((await callFunction(ordersExport, '/api/order-export')).status).toBe(401);
    expect((await get(ordersExport, '/api/order-export?from=2026-13-01')).status).toBe(400);
  });

  it('names each job’s customer and work in words, and hides unpaid checkouts when asked', async () => {
    const email = 'queue.job@example.com';
    const paid = await order({ email });
    const unpaid = await order({ email, status: 'pending' });
    await database.db
      .insertInto('order_shipping')
      .values({ order_id: paid, name: 'Coach Ray Ortiz', address_line1: '1 Field Rd' })
      .execute();
    const front = { code: 'front', name: 'Front', artwork_id: null };
    const back = { code: 'back', name: 'Back', artwork_id: null };
    const tee = (size: string, quantity: number, position: number) => ({
      order_id: paid,
      position,
      name: 'Tourney Tee',
      quantity,
      unit_price_cents: 1_200,
      variant_metadata: jsonb({ size, locations: [front, back] }),
    });
    await database.db
      .insertInto('order_items')
      .values([
        tee('S', 6, 0),
        tee('M', 10, 1),
        tee('L', 8, 2),
        { order_id: paid, position: 3, name: 'Screen setup', item_type: 'setup', quantity: 2, unit_price_cents: 1_500 },
      ])
      .execute();

    const list = async (query: string) => {
      const res = await get(adminOrders, `/api/orders?email=${email}${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as AdminOrderRow[];
    };
    const all = await list('');
    expect(all.map((o) => o.id).sort()).toEqual([paid, unpaid].sort());
    const job = all.find((o) => o.id === paid)!;
    expect(job.customer).toBe('Coach Ray Ortiz');
    expect(job.job).toBe('24 × Tourney Tee, front + back');
    expect(job.pieces).toBe(24);
    expect(all.find((o) => o.id === unpaid)).toMatchObject({ customer: null, job: '', pieces: 0 });

    expect((await list('&unpaid=hide')).map((o) => o.id)).toEqual([paid]);
    // Asked for by status, unpaid checkouts show whatever `unpaid` says.
    expect((await list('&unpaid=hide&status=pending')).map((o) => o.id)).toEqual([unpaid]);
    expect((await get(adminOrders, '/api/orders?unpaid=show')).status).toBe(400);
  });
});
