import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { createStore, paidBuyerOrder, pendingBuyerOrder, teeVariants } from '../support/store-orders.ts';
import { answer, type ErrorBody, storeCalls } from '../support/store-setup.ts';

/**
 * Issue 30: the owner closes an open store before its date (POST /api/admin/stores/:id/close).
 * The close runs at once, as the sweep's would: the batch is in the queue and the missed
 * design's buyer refunded before the answer; a store not open, or closed, is refused in words
 * with nothing changed.
 */
const { authorization } = adminProductSaves();
const api = storeCalls(authorization);
const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('closing a store now on %s', (kind) => {
  let database: TestDatabase;
  let tees: VariantFixture[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tees = await teeVariants(database.db, 2);
  });
  afterAll(() => database.dispose());
  const db = () => database.db;

  it('closes an open store at once: the batch made, the missed design refunded, then never again', async () => {
    const [black, other] = tees;
    const store = await createStore(db(), {
      minimum: 3,
      closesInMs: 5 * DAY,
      designs: [
        { name: 'Eagles Tee, front', priceCents: 2000 },
        { name: 'Eagles Tee, back', priceCents: 2200 },
      ],
    });
    const [front, back] = store.designs;
    const ann = await paidBuyerOrder(db(), store, [{ design: front!, variant: black!, quantity: 3 }]);
    const bob = await paidBuyerOrder(db(), store, [{ design: back!, variant: other!, quantity: 1 }]);

    const closed = await answer<{ status: string; closes_at: string; closed: Record<string, unknown> }>(
      api.close(store.id),
      200,
    );
    expect(closed.status).toBe('closed');
    expect(new Date(closed.closes_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(closed.closed).toMatchObject({
      printedDesigns: [front!.id],
      missedDesigns: [back!.id],
      buyersPrinted: 1,
      refundsMade: 1,
    });
    const batch = await db()
      .selectFrom('orders')
      .select(['id', 'status', 'stage'])
      .where('store_batch_of', '=', store.id)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ status: 'paid', stage: 'approved' });
    const orders = await db()
      .selectFrom('orders')
      .select(['id', 'stage', 'refunded_cents', 'store_batch_order_id'])
      .where('id', 'in', [ann.id, bob.id])
      .execute();
    const byId = new Map(orders.map((o) => [o.id, o]));
    expect(byId.get(ann.id)).toMatchObject({ stage: 'in_production', store_batch_order_id: batch.id });
    expect(byId.get(bob.id)).toMatchObject({ refunded_cents: 2200, store_batch_order_id: null });

    const before = await snapshot(db());
    const again = await answer<ErrorBody>(api.close(store.id), 409);
    expect(again.error.message).toBe('This store has closed already: a store closes once.');
    expect(changedTables(before, await snapshot(db()))).toEqual([]);
  });

  it('refuses a store that has not opened or is not approved, and changes nothing', async () => {
    const scheduled = await createStore(db(), {
      closesInMs: 5 * DAY,
      designs: [{ name: 'Later Tee', priceCents: 2000 }],
    });
    await db()
      .updateTable('stores')
      .set({ opens_at: new Date(Date.now() + DAY) })
      .where('id', '=', scheduled.id)
      .execute();
    const draft = await createStore(db(), { closesInMs: 5 * DAY, designs: [{ name: 'Draft Tee', priceCents: 2000 }] });
    await db().updateTable('stores').set({ status: 'draft', approved_at: null }).where('id', '=', draft.id).execute();

    const before = await snapshot(db());
    const early = await answer<ErrorBody>(api.close(scheduled.id), 409);
    expect(early.error.message).toMatch(
      /^This store opens on .+: it has no orders to close\. Edit its dates instead\.$/,
    );
    const unapproved = await answer<ErrorBody>(api.close(draft.id), 409);
    expect(unapproved.error.message).toBe(
      'This store is not approved yet: it has no orders to close. Edit its dates instead.',
    );
    await answer<ErrorBody>(api.close('00000000-0000-4000-8000-000000000000'), 404);
    expect(changedTables(before, await snapshot(db()))).toEqual([]);
  });

  it('keeps the buyer’s name from the store’s form when someone else’s card pays', async () => {
    const store = await createStore(db(), { closesInMs: 5 * DAY, designs: [{ name: 'Named Tee', priceCents: 2000 }] });
    const order = await pendingBuyerOrder(
      db(),
      store,
      [{ design: store.designs[0]!, variant: tees[0]!, quantity: 1 }],
      {
        name: 'Ana Rivera',
        email: 'ana.rivera@example.com',
      },
    );
    expect(await completeOrder(db(), order.id, { name: 'Grandma Rivera', phone: '+15035550142' })).toEqual({
      outcome: 'paid',
    });
    const row = await db()
      .selectFrom('orders')
      .select(['customer_name', 'phone'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_name: 'Ana Rivera', phone: '+15035550142' });
  });
});
