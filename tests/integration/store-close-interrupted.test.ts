import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase } from '../../src/server/db/index.ts';
import type { PaymentProvider } from '../../src/server/payments/provider.ts';
import { closeStore } from '../../src/server/stores/store-close.ts';
import { runSweep, SWEEP_JOBS } from '../../src/server/sweep/run-sweep.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { fakeStripeForFile } from '../support/fake-stripe.ts';
import { createStore, pendingBuyerOrder, storeBuyerSession, teeVariants } from '../support/store-orders.ts';

/**
 * A store's close that was killed after it committed, before it closed the buyers' open
 * checkouts (docs/decisions/0030-team-stores.md): the sweep expires those Stripe sessions through
 * the real SDK adapter (against the local stand-in) and cancels their orders, once, so nobody pays
 * for a piece the close has left out; a session Stripe already took stays pending for its webhook.
 */
const stripe = fakeStripeForFile('whsec_test_store_close_interrupted');

describe.each(DATABASE_KINDS)('the sweep after an interrupted store close on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());
  const db = () => database.db;

  /** A buyer's checkout whose Stripe session is in `status`. */
  async function buyerCheckout(store: Awaited<ReturnType<typeof createStore>>, status: 'open' | 'complete') {
    const [tee] = await teeVariants(db(), 1);
    const order = await pendingBuyerOrder(db(), store, [{ design: store.designs[0]!, variant: tee!, quantity: 1 }]);
    const sessionId = `cs_test_${crypto.randomUUID().replace(/-/g, '')}`;
    stripe.fake.sessions.set(sessionId, { id: sessionId, object: 'checkout.session', status });
    await storeBuyerSession(db(), order.id, sessionId, order.totalCents);
    return { id: order.id, sessionId };
  }

  const orderStatus = async (id: string) =>
    (await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const expireCalls = () => stripe.fake.requests.filter((r) => /\/expire$/.test(r.path)).length;

  it('expires the closed store’s still-open checkouts and cancels their orders, once', async () => {
    const store = await createStore(db(), { minimum: 1, designs: [{ name: 'Interrupted Tee', priceCents: 2000 }] });
    const open = await buyerCheckout(store, 'open');
    const taken = await buyerCheckout(store, 'complete');
    // The process dies after the close committed, before the checkouts were closed.
    const killed = (): PaymentProvider => {
      throw new Error('killed');
    };
    const closed = await closeStore(db(), store.id, killed);
    expect(closed).toMatchObject({ checkoutsClosed: 0 });
    const row = await db().selectFrom('stores').select('status').where('id', '=', store.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('closed');
    expect(stripe.fake.sessions.get(open.sessionId)?.['status']).toBe('open');

    const first = await runSweep(db(), SWEEP_JOBS);
    expect(first.failed).toEqual({});
    expect(stripe.fake.sessions.get(open.sessionId)?.['status']).toBe('expired');
    expect(await orderStatus(open.id)).toBe('cancelled');
    // Paid a moment ago: Stripe will not expire it; its webhook refunds it (store-late-payment).
    expect(stripe.fake.sessions.get(taken.sessionId)?.['status']).toBe('complete');
    expect(await orderStatus(taken.id)).toBe('pending');

    // Again: the cancelled order's session is not asked for twice.
    const calls = expireCalls();
    await runSweep(db(), SWEEP_JOBS);
    expect(await orderStatus(open.id)).toBe('cancelled');
    const asked = stripe.fake.requests.filter((r) => /\/expire$/.test(r.path)).slice(calls);
    expect(asked.map((r) => r.path)).not.toContain(`/v1/checkout/sessions/${open.sessionId}/expire`);
  });
});
