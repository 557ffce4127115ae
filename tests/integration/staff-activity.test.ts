import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import activity from '../../netlify/functions/admin-activity.mts';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import productsWrite from '../../netlify/functions/admin-products-write.mts';
import refunds from '../../netlify/functions/admin-order-refunds.mts';
import stage from '../../netlify/functions/admin-order-stage.mts';
import stagesBulk from '../../netlify/functions/admin-order-stages-bulk.mts';
import type { ActivityAnswer } from '../../src/lib/admin-schemas/activity.ts';
import { setRebuildHandler, setRebuildReporter } from '../../src/server/admin/rebuild.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { parseCsv } from '../support/parse-csv.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { paidPlainOrder, signedInStaff, staffCall } from '../support/staff.ts';

/** Issue 45: the owner's activity log, and stage moves bounded by each role's own stages. */

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

type Person = Awaited<ReturnType<typeof signedInStaff>>;

describe.each(DATABASE_KINDS)('the activity log on %s', (kind) => {
  let database: TestDatabase;
  let owner: Person;
  let maria: Person;
  let orderId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    owner = await signedInStaff(database.db, SECRET, 'owner', 'Olga');
    maria = await signedInStaff(database.db, SECRET, 'office', 'Maria');
    orderId = await paidPlainOrder(database.db, 5_000);
    const refunded = await staffCall(refunds, `/api/orders/${orderId}/refunds`, maria.authorization, {
      method: 'POST',
      params: { id: orderId },
      body: { amount_cents: 4_000, reason: '=HYPERLINK("http://evil.example")' },
    });
    expect(refunded.status).toBe(201);
    const product = await database.db.selectFrom('products').select('id').limit(1).executeTakeFirstOrThrow();
    const saved = await staffCall(productsWrite, `/api/products/${product.id}`, maria.authorization, {
      method: 'PUT',
      params: { id: product.id },
      body: { name: 'Game Day Hoodie (renamed)' },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => database.dispose());

  const log = async (query: string, who: Person = owner) => {
    const res = await staffCall(activity, `/api/admin/activity${query}`, who.authorization);
    return { status: res.status, body: (await res.json()) as ActivityAnswer };
  };

  it('lists what a person did, newest first, filtered by person, kind and shop days', async () => {
    const mine = await log(`?staff_id=${maria.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.entries.map((e) => [e.by, e.kind, e.subject])).toEqual([
      ['Maria', 'product', 'Product saves'],
      ['Maria', 'refund', expect.stringMatching(/^Order [0-9A-F]{8}$/)],
    ]);
    expect(mine.body.entries[0]!.words).toBe('Product "Game Day Hoodie (renamed)" saved');
    expect(mine.body.people.map((p) => p.name)).toEqual(expect.arrayContaining(['Maria', 'Olga']));
    const refundsOnly = await log(`?kind=refund&staff_id=${maria.id}`);
    expect(refundsOnly.body.entries.map((e) => e.kind)).toEqual(['refund']);
    expect((await log(`?staff_id=${owner.id}`)).body.entries).toEqual([]);

    // 11:30 PM on Mar 9 in Texas is already Mar 10 in UTC: the shop's day decides.
    await database.db
      .updateTable('staff_activity')
      .set({ created_at: new Date('2026-03-10T04:30:00Z') })
      .where('staff_id', '=', maria.id)
      .execute();
    const ninth = await log(`?staff_id=${maria.id}&from=2026-03-09&to=2026-03-09`);
    expect(ninth.body.entries.map((e) => e.kind)).toEqual(['product']);
    expect(ninth.body.entries[0]!.at_words).toMatch(/Mar 9, 2026.*11:30/);
    expect((await log(`?staff_id=${maria.id}&from=2026-03-10&to=2026-03-10`)).body.entries).toEqual([]);
  });

  it('exports the same entries as CSV on the shop clock, formulas guarded', async () => {
    const res = await staffCall(activity, `/api/admin/activity.csv?staff_id=${maria.id}`, owner.authorization);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(['When (shop time)', 'Who', 'Kind', 'About', 'What']);
    const refund = rows.find((r) => r[2] === 'Refunds')!;
    expect(refund[1]).toBe('Maria');
    expect(refund[4]).toBe(`$40.00 refunded: =HYPERLINK("http://evil.example")`);
    const product = rows.find((r) => r[2] === 'Product saves')!;
    expect(product[0]).toBe('2026-03-09 23:30');
    // A cell that starts like a formula is made text.
    const guarded = await staffCall(activity, `/api/admin/activity.csv?kind=refund`, owner.authorization);
    expect(await guarded.text()).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('is the owner’s alone, and refuses bad filters with the field named', async () => {
    expect((await log('', maria)).status).toBe(403);
    const bad = await log('?from=2026-03-10&to=2026-03-01&kind=nonsense');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/Kind must be one of/);
  });
});

describe.each(DATABASE_KINDS)('stage moves by role on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const move = (who: Person, id: string, to: string) =>
    staffCall(stage, `/api/orders/${id}/stage`, who.authorization, { method: 'POST', params: { id }, body: { to } });
  const stageNow = async (id: string) => {
    const row = await database.db.selectFrom('orders').select('stage').where('id', '=', id).executeTakeFirstOrThrow();
    const events = await database.db.selectFrom('order_events').select('id').where('order_id', '=', id).execute();
    return { stage: row.stage, events: events.length };
  };

  it('lets Production move jobs into production only, and Shipping hand them over only', async () => {
    const press = await signedInStaff(database.db, SECRET, 'production', 'Pat');
    const dock = await signedInStaff(database.db, SECRET, 'shipping', 'Sam');
    const id = await paidPlainOrder(database.db);
    const before = await stageNow(id);

    const early = await move(dock, id, 'in_production');
    expect(early.status).toBe(403);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe(
      'Your role (Shipping) may not move an order to in production. Your role moves orders only to shipped, ready for pickup, completed.',
    );
    expect(await stageNow(id)).toEqual(before);

    // The admin offers Production only its own next stage.
    const read = await staffCall(adminOrders, `/api/orders/${id}`, press.authorization, { params: { id } });
    const order = (await read.json()) as { production: { next_stages: string[] } };
    expect(order.production.next_stages).toEqual(['in_production']);
    expect((await move(press, id, 'in_production')).status).toBe(200);

    const late = await move(press, id, 'ready_for_pickup');
    expect(late.status).toBe(403);
    expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(
      /^Your role \(Production\) may not move an order to ready for pickup\./,
    );
    const bulk = await staffCall(stagesBulk, '/api/order-stages', press.authorization, {
      method: 'POST',
      body: { ids: [id], to: 'ready_for_pickup' },
    });
    expect(bulk.status).toBe(403);
    expect(await stageNow(id)).toEqual({ stage: 'in_production', events: before.events + 1 });
    expect((await move(dock, id, 'ready_for_pickup')).status).toBe(200);
  });
});
