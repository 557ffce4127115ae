import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VariantFixture } from '../support/checkout.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { workOrder } from '../../src/server/admin/work-order.ts';
import { orderNumber } from '../../src/lib/orders/order-number.ts';
import { runSweep } from '../../src/server/sweep/run-sweep.ts';
import { closeDueStoresJob, closeStore } from '../../src/server/stores/store-close.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { createStore, paidBuyerOrder, teeVariants } from '../support/store-orders.ts';

/**
 * The close of a store (docs/decisions/0030-team-stores.md), as the sweep runs it: one production batch of the designs
 * that met the minimum with its lines, names and buyer links, the buyers told; the designs that
 * missed it refunded under 'refund' and printed under 'print_anyway'; a second run does nothing.
 */
describe.each(DATABASE_KINDS)('the close of a store on %s', (kind) => {
  let database: TestDatabase;
  let tees: VariantFixture[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tees = await teeVariants(database.db, 3);
  });
  afterAll(() => database.dispose());

  const db = () => database.db;
  const storeRow = (id: string) =>
    db().selectFrom('stores').select(['status', 'closed_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const orderRow = (id: string) =>
    db()
      .selectFrom('orders')
      .select(['status', 'stage', 'refunded_cents', 'store_batch_order_id', 'attention_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const mailsTo = (email: string) =>
    db()
      .selectFrom('email_outbox')
      .select(['template_name', 'subject', 'text_body'])
      .where('to_address', '=', email)
      .orderBy('created_at')
      .execute();
  const refundsOf = (orderId: string) =>
    db()
      .selectFrom('order_refunds')
      .select(['amount_cents', 'status', 'cancel_order', 'idempotency_key', 'provider_refund_id'])
      .where('order_id', '=', orderId)
      .execute();

  it('prints the designs that met the minimum as one batch with totals, names and buyer links', async () => {
    const [black, black2, other] = tees;
    const store = await createStore(db(), {
      minimum: 4,
      designs: [
        { name: 'Eagles Tee, front logo', priceCents: 2000, fundraisingCents: 500 },
        { name: 'Eagles Tee, back roster', priceCents: 2400, locations: [{ code: 'back', name: 'Back' }] },
      ],
    });
    const [logo, roster] = store.designs;
    const ann = await paidBuyerOrder(
      db(),
      store,
      [
        { design: logo!, variant: black!, quantity: 2, personalisation: { name: 'SMITH', number: '12' } },
        { design: logo!, variant: black2!, quantity: 1 },
      ],
      { email: 'ann@example.com', name: 'Ann Smith' },
    );
    const bob = await paidBuyerOrder(
      db(),
      store,
      [
        { design: logo!, variant: black!, quantity: 1, personalisation: { name: 'JONES' } },
        { design: roster!, variant: other!, quantity: 5, personalisation: { number: '7' } },
      ],
      { email: 'bob@example.com', name: 'Bob Jones' },
    );

    const report = await runSweep(db(), [closeDueStoresJob]);
    expect(report.failed).toEqual({});
    expect(report.done['close-stores']).toMatch(/closed 1 store\(s\): 1 batch/);

    expect(await storeRow(store.id)).toMatchObject({ status: 'closed', closed_at: expect.any(Date) });
    const batch = await db()
      .selectFrom('orders')
      .select(['id', 'status', 'stage', 'total_cents', 'email', 'customer_name', 'fulfillment'])
      .where('store_batch_of', '=', store.id)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({
      status: 'paid',
      stage: 'approved',
      total_cents: 0,
      email: 'coach.carter@example.com',
      customer_name: 'Coach Carter',
    });
    for (const order of [ann, bob]) {
      expect(await orderRow(order.id)).toMatchObject({
        status: 'paid',
        stage: 'in_production',
        store_batch_order_id: batch.id,
      });
    }

    const sheet = (await workOrder(db(), batch.id))!;
    expect(sheet.pieces).toBe(9);
    const [logoSheet, rosterSheet] = sheet.designs;
    expect(logoSheet).toMatchObject({
      product: 'Eagles Tee, front logo',
      total: 4,
      locations: [{ code: 'front', name: 'Front', artwork: { id: logo!.artworkIds[0], full_color: false } }],
    });
    // Ann's 2 + Bob's 1 of the first variant, Ann's 1 of the second.
    const cell = (design: typeof logoSheet, v: VariantFixture) =>
      design!.rows.find((r) => r.color === v.colorName)!.counts[design!.sizes.indexOf(v.sizeName)];
    expect(cell(logoSheet, black!)).toBe(3);
    expect(cell(logoSheet, black2!)).toBe(1);
    expect(rosterSheet).toMatchObject({ product: 'Eagles Tee, back roster', total: 5 });
    expect(logoSheet!.personalisation).toEqual([
      {
        color: black!.colorName,
        size: black!.sizeName,
        name: 'SMITH',
        number: '12',
        quantity: 2,
        order: orderNumber(ann.id),
      },
      {
        color: black!.colorName,
        size: black!.sizeName,
        name: 'JONES',
        number: null,
        quantity: 1,
        order: orderNumber(bob.id),
      },
    ]);
    expect(rosterSheet!.personalisation).toEqual([
      {
        color: other!.colorName,
        size: other!.sizeName,
        name: null,
        number: '7',
        quantity: 5,
        order: orderNumber(bob.id),
      },
    ]);

    const annMail = await mailsTo('ann@example.com');
    expect(annMail.map((m) => m.template_name)).toEqual(['store-order-confirmation', 'store-order-printing']);
    expect(annMail[1]!.subject).toContain(store.name);
    expect(annMail[1]!.text_body).toContain(
      `2 × Eagles Tee, front logo, ${black!.colorName}, ${black!.sizeName}: SMITH 12`,
    );
    expect(annMail[1]!.text_body).toContain('Coach Carter');
    expect(annMail[1]!.text_body).toMatch(/^Hi Ann Smith,/);
    expect((await mailsTo('bob@example.com')).map((m) => m.template_name)).toEqual([
      'store-order-confirmation',
      'store-order-printing',
    ]);
  });

  it('refunds and tells the buyers of a design that missed its minimum, and cancels an order left with nothing', async () => {
    const [tee, tee2] = tees;
    const store = await createStore(db(), {
      minimum: 3,
      designs: [
        { name: 'Boosters Tee', priceCents: 1800 },
        { name: 'Boosters Hoodie print', priceCents: 3500 },
      ],
    });
    const [made, missed] = store.designs;
    const mixed = await paidBuyerOrder(
      db(),
      store,
      [
        { design: made!, variant: tee!, quantity: 3 },
        { design: missed!, variant: tee2!, quantity: 1, personalisation: { name: 'LEE' }, extraCents: 500 },
      ],
      { email: 'mixed@example.com' },
    );
    const lost = await paidBuyerOrder(db(), store, [{ design: missed!, variant: tee!, quantity: 1 }], {
      email: 'lost@example.com',
    });

    const closed = await closeStore(db(), store.id);
    expect(closed).toMatchObject({ printedDesigns: [made!.id], missedDesigns: [missed!.id], refundsMade: 2 });

    // The mixed order keeps its printed pieces and gets the missed line back ($35 + $5 name).
    expect(await orderRow(mixed.id)).toMatchObject({
      status: 'paid',
      refunded_cents: 4000,
      store_batch_order_id: closed!.batchOrderId,
    });
    expect(await refundsOf(mixed.id)).toEqual([
      expect.objectContaining({ amount_cents: 4000, status: 'succeeded', cancel_order: false }),
    ]);
    // The other buyer had nothing printed: refunded in full and cancelled, in no batch.
    expect(await orderRow(lost.id)).toMatchObject({
      status: 'cancelled',
      refunded_cents: lost.totalCents,
      store_batch_order_id: null,
    });
    const [refund] = await refundsOf(lost.id);
    expect(refund).toMatchObject({ amount_cents: 3500, status: 'succeeded', cancel_order: true });
    expect(refund!.idempotency_key).toMatch(/^refund-/);

    const lostMail = await mailsTo('lost@example.com');
    expect(lostMail[1]!.text_body).toMatch(/^Hi Buyer \d+,/);
    expect(lostMail.map((m) => m.template_name)).toEqual(['store-order-confirmation', 'store-minimum-missed']);
    expect(lostMail[1]!.text_body).toContain('Boosters Hoodie print (2 sold) did not reach the minimum of 3 pieces');
    expect(lostMail[1]!.text_body).toContain('$35.00');
    expect((await mailsTo('mixed@example.com')).map((m) => m.template_name).sort()).toEqual([
      'store-minimum-missed',
      'store-order-confirmation',
      'store-order-printing',
    ]);
    const batchLines = await db()
      .selectFrom('order_items')
      .select(['name', 'quantity'])
      .where('order_id', '=', closed!.batchOrderId!)
      .execute();
    expect(batchLines).toEqual([{ name: 'Boosters Tee', quantity: 3 }]);
  });

  it('prints a design under its minimum when the store says print anyway, refunding nobody', async () => {
    const [tee] = tees;
    const store = await createStore(db(), {
      minimum: 24,
      missed: 'print_anyway',
      designs: [{ name: 'Golf Tee', priceCents: 2200 }],
    });
    const order = await paidBuyerOrder(db(), store, [{ design: store.designs[0]!, variant: tee!, quantity: 2 }]);
    const closed = await closeStore(db(), store.id);
    expect(closed).toMatchObject({ printedDesigns: [store.designs[0]!.id], missedDesigns: [], refundsMade: 0 });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'paid',
      refunded_cents: 0,
      store_batch_order_id: closed!.batchOrderId,
    });
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it('does nothing on a second sweep, and leaves an open store open', async () => {
    const [tee] = tees;
    const open = await createStore(db(), { closesInMs: 3_600_000, designs: [{ name: 'Open Tee', priceCents: 1500 }] });
    const due = await createStore(db(), { minimum: 1, designs: [{ name: 'Due Tee', priceCents: 1500 }] });
    await paidBuyerOrder(db(), due, [{ design: due.designs[0]!, variant: tee!, quantity: 1 }]);
    const first = await runSweep(db(), [closeDueStoresJob]);
    expect(first.done['close-stores']).toMatch(/closed 1 store/);
    const outbox = await db()
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const second = await runSweep(db(), [closeDueStoresJob]);
    expect(second).toEqual({ done: {}, failed: {} });
    expect(await closeStore(db(), due.id)).toBeNull();
    const batches = await db().selectFrom('orders').select('id').where('store_batch_of', '=', due.id).execute();
    expect(batches).toHaveLength(1);
    const after = await db()
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(outbox.n);
    expect(await storeRow(open.id)).toMatchObject({ status: 'approved', closed_at: null });
  });

  it('closes a store nobody bought from without a batch', async () => {
    const store = await createStore(db(), { designs: [{ name: 'Nobody Tee', priceCents: 1500 }] });
    expect(await closeStore(db(), store.id)).toMatchObject({
      batchOrderId: null,
      printedDesigns: [],
      missedDesigns: [],
    });
    expect(await storeRow(store.id)).toMatchObject({ status: 'closed' });
  });
});
