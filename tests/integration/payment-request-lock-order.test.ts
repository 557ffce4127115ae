import { sql } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { bankTransferShop } from '../support/bank-transfer.ts';
import { setVariantStock, type VariantFixture, variantOf } from '../support/checkout.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { fakeStripeForFile } from '../support/fake-stripe.ts';

/**
 * Every path locks an order before its payment requests (src/server/orders/lock-order.ts). A
 * bank payment's event locked the request first and then waited for the order (its timeline
 * line), while the owner's withdrawal or a Pay holds the order and then asks for the request:
 * the two deadlocked and PostgreSQL aborted one of them.
 */
const WEBHOOK_SECRET = 'whsec_test_request_lock_order';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const { authorization } = adminProductSaves();

describe('a payment request event and a holder of its order, on postgres', () => {
  const state = { stripe } as { database: TestDatabase; hoodie: VariantFixture; stripe: typeof stripe };
  const { webhook, minimum, owingRequest, payOnStripe, bankSession } = bankTransferShop(
    authorization,
    WEBHOOK_SECRET,
    state,
  );

  beforeAll(async () => {
    state.database = await createTestDatabase('postgres');
    installDatabase(state.database);
    state.hoodie = await variantOf(state.database.db, 'game-day-hoodie', 3);
    await setVariantStock(state.database.db, state.hoodie.variantId, 500);
  });
  afterAll(() => state.database.dispose());

  /** Until some statement of this database waits for a row lock. */
  async function someoneWaits() {
    for (let i = 0; i < 100; i++) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(state.database.db);
      if (rows[0]!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('nothing waited for a lock');
  }

  it('queues a bank payment’s start behind the order’s lock instead of deadlocking with it', async () => {
    await minimum(0);
    const { orderId, requestId } = await owingRequest(5_400);
    const sessionId = await payOnStripe(orderId, requestId);
    const other = postgres(state.database.url!, { max: 1, onnotice: () => {} });
    const conn = await other.reserve();
    try {
      // The owner's side on a connection of its own: the order, then its request, as cancelPaymentRequest does.
      await conn`begin`;
      await conn`select id from orders where id = ${orderId} for update`;
      const started = webhook('checkout.session.completed', bankSession(sessionId, 'unpaid'));
      await someoneWaits();
      await conn`update payment_requests set note = note where id = ${requestId}`;
      await conn`commit`;
      expect((await started).status).toBe(200);
    } finally {
      conn.release();
      await other.end();
    }
    const request = await state.database.db
      .selectFrom('payment_requests')
      .select(['status', 'processing_since'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('open');
    expect(request.processing_since).not.toBeNull();
  });
});
