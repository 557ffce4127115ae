import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { remindMissingArtwork } from '../../src/server/orders/artwork-reminder.ts';
import { runSweep, SWEEP_JOBS } from '../../src/server/sweep/run-sweep.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Orders paid with artwork "to come" wait for it, and the sweep reminds the customer once after 2
 * days (docs/decisions/0016-order-workflow.md).
 */
describe.each(DATABASE_KINDS)('the missing-artwork reminder on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  /** A pending order of 12 tees whose front artwork is still to come, then paid `daysAgo` days ago. */
  async function paidWaitingOrder(email: string, daysAgo: number, artworkId: string | null = null) {
    const order = await database.db
      .insertInto('orders')
      .values({ email, status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        name: 'Tourney Tee',
        quantity: 12,
        unit_price_cents: 1900,
        variant_metadata: jsonb({ locations: [{ code: 'front', name: 'Front', artwork_id: artworkId }] }),
      })
      .execute();
    expect((await completeOrder(database.db, order.id, { email })).outcome).toBe('paid');
    await database.db
      .updateTable('orders')
      .set({ paid_at: sql<Date>`now() - make_interval(days => ${daysAgo})` })
      .where('id', '=', order.id)
      .execute();
    return order.id;
  }

  const remindersTo = (email: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body'])
      .where('template_name', '=', 'artwork-reminder')
      .where('to_address', '=', email)
      .execute();

  it('is one of the sweep’s jobs', () => {
    expect(SWEEP_JOBS).toContain(remindMissingArtwork);
  });

  it('starts an order with artwork to come at "awaiting artwork" and reminds its customer once, after 2 days', async () => {
    const late = await paidWaitingOrder(`late-${kind}@example.com`, 3);
    const recent = await paidWaitingOrder(`recent-${kind}@example.com`, 1);
    const complete = await paidWaitingOrder(`complete-${kind}@example.com`, 3, crypto.randomUUID());
    const stages = await database.db
      .selectFrom('orders')
      .select(['id', 'stage'])
      .where('id', 'in', [late, recent, complete])
      .execute();
    expect(Object.fromEntries(stages.map((s) => [s.id, s.stage]))).toEqual({
      [late]: 'awaiting_artwork',
      [recent]: 'awaiting_artwork',
      [complete]: 'paid',
    });

    const first = await runSweep(database.db, [remindMissingArtwork]);
    expect(first.done['remind-missing-artwork']).toMatch(/^reminded \d+ customer/);
    const [mail, ...more] = await remindersTo(`late-${kind}@example.com`);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^We still need your artwork for order [0-9A-F]{8}$/);
    expect(mail?.text_body).toMatch(/\/orders\/[0-9a-f]{32}\./);
    expect(await remindersTo(`recent-${kind}@example.com`)).toEqual([]);
    expect(await remindersTo(`complete-${kind}@example.com`)).toEqual([]);
    const events = await database.db
      .selectFrom('order_events')
      .select(['kind', 'actor'])
      .where('order_id', '=', late)
      .execute();
    expect(events).toEqual([{ kind: 'reminder', actor: 'system' }]);

    // Two sweeps at once, and the next day's: still one reminder.
    await Promise.all([runSweep(database.db, [remindMissingArtwork]), runSweep(database.db, [remindMissingArtwork])]);
    expect(await remindersTo(`late-${kind}@example.com`)).toHaveLength(1);
  });
});
