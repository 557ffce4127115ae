import { sql } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VariantFixture } from '../support/checkout.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { closeDueStores, closeStore } from '../../src/server/stores/store-close.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import {
  completeBuyerOrder,
  createStore,
  paidBuyerOrder,
  pendingBuyerOrder,
  teeVariants,
} from '../support/store-orders.ts';

/**
 * The close racing itself and checkout on the real PostgreSQL server
 * (docs/decisions/0030-team-stores.md): two sweeps at once close a store once; buyer orders
 * completing while the store closes (each in its own transaction on its own connection, locking the
 * store row as checkout does) end in the batch or refused, never charged and left out, never in two batches.
 */
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('store close races on postgres', () => {
  let database: TestDatabase;
  let tees: VariantFixture[];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
    tees = await teeVariants(database.db, 2);
  });
  afterAll(() => database.dispose());
  const db = () => database.db;

  it('closes a store once when two sweeps run at once', async () => {
    const store = await createStore(db(), { minimum: 2, designs: [{ name: 'Race Tee', priceCents: 1500 }] });
    const missed = await createStore(db(), { minimum: 5, designs: [{ name: 'Missed Tee', priceCents: 1500 }] });
    await paidBuyerOrder(db(), store, [{ design: store.designs[0]!, variant: tees[0]!, quantity: 2 }]);
    const lost = await paidBuyerOrder(db(), missed, [{ design: missed.designs[0]!, variant: tees[0]!, quantity: 1 }]);
    const runs = await Promise.all([closeDueStores(db()), closeDueStores(db()), closeStore(db(), store.id)]);
    const closes = runs.flatMap((r) => (Array.isArray(r) ? r : r ? [r] : [])).filter((c) => c.storeId === store.id);
    expect(closes).toHaveLength(1);
    expect(runs.flatMap((r) => (Array.isArray(r) ? r : [])).filter((c) => c.storeId === missed.id)).toHaveLength(1);
    const batches = await db().selectFrom('orders').select('id').where('store_batch_of', '=', store.id).execute();
    expect(batches).toHaveLength(1);
    const refunds = await db()
      .selectFrom('order_refunds')
      .select('amount_cents')
      .where('order_id', '=', lost.id)
      .execute();
    expect(refunds).toEqual([{ amount_cents: 1500 }]);
    const printing = await db()
      .selectFrom('email_outbox')
      .select('id')
      .where('template_name', '=', 'store-order-printing')
      .where('text_body', 'like', `%${store.name}%`)
      .execute();
    expect(printing).toHaveLength(1);
  });

  /** Two of the eight racers buy the short design: it misses its minimum of 3 whatever the race does. */
  const isShort = (i: number) => i % 4 === 3;

  it('puts every order paid while the store closes in the batch or refuses it, never both or neither', async () => {
    for (let round = 0; round < 3; round++) {
      const store = await createStore(db(), {
        minimum: 3,
        designs: [
          { name: `Met Tee ${round}`, priceCents: 2000 },
          { name: `Short Tee ${round}`, priceCents: 2500 },
        ],
      });
      const [met, short] = store.designs;
      // Enough paid before the close that the first design meets its minimum whatever the race does.
      await paidBuyerOrder(db(), store, [{ design: met!, variant: tees[0]!, quantity: 3 }]);
      const racing = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          pendingBuyerOrder(db(), store, [{ design: isShort(i) ? short! : met!, variant: tees[i % 2]!, quantity: 1 }]),
        ),
      );
      const [closed, ...outcomes] = await Promise.all([
        closeStore(db(), store.id),
        // Spread over the close's own time, so some complete before it locks the store and some after.
        ...racing.map((o, i) => delay(i * 3).then(() => completeBuyerOrder(db(), o.id))),
      ]);
      expect(closed).not.toBeNull();
      const batchId = closed!.batchOrderId!;
      const rows = await db()
        .selectFrom('orders')
        .select(['id', 'status', 'store_batch_order_id', 'refunded_cents', 'total_cents'])
        .select(
          sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from order_payments p where p.order_id = orders.id)`.as(
            'paid_cents',
          ),
        )
        .where(
          'id',
          'in',
          racing.map((o) => o.id),
        )
        .execute();
      const batched = await db()
        .selectFrom('order_items')
        .select((eb) => eb.fn.sum<string>('quantity').as('pieces'))
        .where('order_id', '=', batchId)
        .where('name', '=', met!.name)
        .executeTakeFirstOrThrow();
      let metPaid = 3;
      for (const [i, row] of rows.entries()) {
        const racer = racing.findIndex((o) => o.id === row.id);
        const outcome = outcomes[racer];
        const paid = Number(row.paid_cents);
        if (outcome === 'refused') {
          // Refused: nothing charged, in no batch.
          expect(row).toMatchObject({ status: 'cancelled', store_batch_order_id: null });
          expect(paid).toBe(0);
          continue;
        }
        expect(paid, `order ${i}`).toBe(row.total_cents);
        if (!isShort(racer)) {
          metPaid++;
          expect(row).toMatchObject({ status: 'paid', store_batch_order_id: batchId, refunded_cents: 0 });
        } else {
          // A paid piece of the short design: refunded in full, never printed.
          expect(row).toMatchObject({
            status: 'cancelled',
            store_batch_order_id: null,
            refunded_cents: row.total_cents,
          });
        }
      }
      expect(Number(batched.pieces)).toBe(metPaid);
      // Every paid order of the store is in exactly this batch or refunded.
      const leftOut = await db()
        .selectFrom('orders')
        .select('id')
        .where('store_id', '=', store.id)
        .where('status', '=', 'paid')
        .where('store_batch_order_id', 'is', null)
        .execute();
      expect(leftOut).toEqual([]);
    }
  });

  it('waits for a checkout that holds the store and puts its order in the batch', async () => {
    const store = await createStore(db(), { minimum: 1, designs: [{ name: 'Held Tee', priceCents: 1700 }] });
    const order = await pendingBuyerOrder(db(), store, [{ design: store.designs[0]!, variant: tees[0]!, quantity: 2 }]);
    // A checkout completing on a connection of its own: the store locked FOR SHARE, the order paid, not yet committed.
    const other = postgres(database.url!, { max: 1, onnotice: () => {} });
    const conn = await other.reserve();
    try {
      await conn`begin`;
      const [row] = await conn`select status from stores where id = ${store.id} for share`;
      expect(row!['status']).toBe('approved');
      await conn`update orders set status = 'paid', stage = 'paid', paid_at = now() where id = ${order.id}`;
      let settled = false;
      const closing = closeStore(db(), store.id).finally(() => {
        settled = true;
      });
      await delay(300);
      expect(settled).toBe(false);
      await conn`insert into order_payments (order_id, amount_cents, method, provider, provider_session_id)
                 values (${order.id}, ${order.totalCents}, 'test', 'embedded', ${`checkout_${order.id}`})`;
      await conn`commit`;
      const closed = await closing;
      const row2 = await db()
        .selectFrom('orders')
        .select(['status', 'store_batch_order_id'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row2).toEqual({ status: 'paid', store_batch_order_id: closed!.batchOrderId });
    } finally {
      conn.release();
      await other.end();
    }
  });

  it('refuses a checkout that completes after the close', async () => {
    const store = await createStore(db(), { minimum: 1, designs: [{ name: 'Late Tee', priceCents: 1700 }] });
    const order = await pendingBuyerOrder(db(), store, [{ design: store.designs[0]!, variant: tees[0]!, quantity: 1 }]);
    await closeStore(db(), store.id);
    expect(await completeBuyerOrder(db(), order.id)).toBe('refused');
    const payments = await db().selectFrom('order_payments').select('id').where('order_id', '=', order.id).execute();
    expect(payments).toEqual([]);
  });
});
