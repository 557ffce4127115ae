import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VariantFixture } from '../support/checkout.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { getOrder } from '../../src/server/admin/orders.ts';
import { changeSizes } from '../../src/server/orders/changes/change-sizes.ts';
import { changeLocations } from '../../src/server/orders/changes/change-locations.ts';
import { refundOrder } from '../../src/server/orders/refunds.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { timelineText } from '../../src/pages/orders/_parts/order-words.ts';
import { closeStore } from '../../src/server/stores/store-close.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { orderChangeCalls } from '../support/order-changes.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { createStore, paidBuyerOrder, teeVariants } from '../support/store-orders.ts';
import { shopOwnerActor } from '../support/staff.ts';

/**
 * A store's production batch is the buyers' orders added up at $0.00 (docs/decisions/0030-team-stores.md): its
 * lines cannot change, take an adjustment or be refunded (each would make it disagree with the
 * buyers' orders), and the owner's dialog shows the store's own artwork on its lines. A buyer
 * refunded in full at the close reads that, not "part of the payment".
 */
const { authorization } = adminProductSaves();
const { adjust } = orderChangeCalls(authorization);

describe.each(DATABASE_KINDS)("a store's batch on %s", (kind) => {
  let database: TestDatabase;
  let tees: VariantFixture[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tees = await teeVariants(database.db, 2);
  });
  afterAll(() => database.dispose());
  const db = () => database.db;

  async function closedBatch() {
    const [tee, tee2] = tees;
    const store = await createStore(db(), {
      minimum: 2,
      designs: [
        { name: 'Falcons Tee', priceCents: 2000 },
        { name: 'Falcons Hoodie print', priceCents: 3500 },
      ],
    });
    const [made, missed] = store.designs;
    await paidBuyerOrder(db(), store, [{ design: made!, variant: tee!, quantity: 2 }], { email: 'kept@example.com' });
    const lost = await paidBuyerOrder(db(), store, [{ design: missed!, variant: tee2!, quantity: 1 }], {
      email: 'lost@example.com',
    });
    const closed = await closeStore(db(), store.id);
    return { store, batchId: closed!.batchOrderId!, lost, made: made! };
  }

  it('refuses size and location changes, adjustments and refunds on the batch in words, storing nothing', async () => {
    const { batchId } = await closedBatch();
    const item = await db()
      .selectFrom('order_items')
      .select(['id', 'size_id'])
      .where('order_id', '=', batchId)
      .executeTakeFirstOrThrow();
    const before = await snapshot(db());

    const answer = await adjust(batchId, { amount_cents: 500, reason: 'Extra' });
    expect(answer.status).toBe(409);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'store_batch' });
    expect(body.error.message).toMatch(/production batch.*buyers' orders/);

    await expect(
      changeSizes(
        db(),
        batchId,
        { item_id: item.id, sizes: [{ size_id: item.size_id, quantity: 5 }] },
        await shopOwnerActor(db()),
      ),
    ).rejects.toMatchObject({ code: 'store_batch' });
    await expect(
      changeLocations(db(), batchId, { item_id: item.id, remove: 'front' }, await shopOwnerActor(db())),
    ).rejects.toMatchObject({
      code: 'store_batch',
    });
    await expect(
      refundOrder(db(), paymentProvider(db()), batchId, { amountCents: 0, reason: null, cancel: true, restock: false }),
    ).rejects.toMatchObject({ code: 'store_batch' });

    expect(changedTables(before, await snapshot(db()))).toEqual([]);
  });

  it("names the store on the batch and shows the store's artwork on its lines", async () => {
    const { store, batchId, made } = await closedBatch();
    const order = (await getOrder(db(), batchId))!;
    expect(order.store_batch).toEqual({ store_id: store.id, store_name: store.name });
    expect(order.artwork.map((a) => a.id)).toEqual(made.artworkIds);
    const buyer = await db()
      .selectFrom('orders')
      .select('id')
      .where('store_batch_order_id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect((await getOrder(db(), buyer.id))!.store_batch).toBeNull();
  });

  it('tells a buyer refunded in full at the close that the payment went back in full', async () => {
    const { lost } = await closedBatch();
    const view = (await customerOrderView(db(), lost.id))!;
    const refund = view.timeline.find((e) => e.kind === 'refund')!;
    expect(refund.comment).toMatch(/^\$35\.00 refunded in full: /);
    expect(timelineText(refund, 'West Texas Prints')).toBe('We refunded the payment in full');
  });
});
