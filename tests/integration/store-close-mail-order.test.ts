import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VariantFixture } from '../support/checkout.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { sendQueuedMail } from '../../src/server/mail/sender.ts';
import type { MailTransport } from '../../src/server/mail/transport.ts';
import { closeStore } from '../../src/server/stores/store-close.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { completeBuyerOrder, createStore, pendingBuyerOrder, teeVariants } from '../support/store-orders.ts';

/**
 * A buyer whose payment wins the race with the close (docs/decisions/0030-team-stores.md) gets their confirmation
 * before "being printed": the close's transaction may have begun before the payment's (it waited on the store's
 * lock), so its e-mails are queued at the moment they are written, not at the transaction's start, and the
 * sender sends what it claims in the order it was queued.
 */
describe('store close e-mails racing a payment on postgres', () => {
  let database: TestDatabase;
  let tees: VariantFixture[];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
    tees = await teeVariants(database.db, 1);
  });
  afterAll(() => database.dispose());
  const db = () => database.db;

  it('sends the confirmation of a payment that beat the close before the printing e-mail', async () => {
    const store = await createStore(db(), { minimum: 1, designs: [{ name: 'Race Tee', priceCents: 1700 }] });
    const email = `winner-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const order = await pendingBuyerOrder(
      db(),
      store,
      [{ design: store.designs[0]!, variant: tees[0]!, quantity: 1 }],
      {
        email,
      },
    );
    let began!: () => void;
    const closeBegan = new Promise<void>((resolve) => {
      began = resolve;
    });
    // The buyer's payment completes on another connection once the close's transaction has begun ...
    const payment = closeBegan.then(() => completeBuyerOrder(db(), order.id));
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        began();
        // ... and commits while the close has not yet reached the store's lock.
        await sql`select pg_sleep(0.5)`.execute(trx);
        expect(await closeStore(trx, store.id)).not.toBeNull();
      });
    expect(await payment).toBe('paid');
    const queued = await db()
      .selectFrom('email_outbox')
      .select('template_name')
      .where('to_address', '=', email)
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .execute();
    expect(queued.map((m) => m.template_name)).toEqual(['store-order-confirmation', 'store-order-printing']);

    const sent: string[] = [];
    const transport: MailTransport = {
      kind: 'log',
      send: async (message) => {
        if (message.to === email) sent.push(message.subject);
      },
      close: () => {},
    };
    await sendQueuedMail(db(), transport, { limit: 500 });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^Your .* order /);
    expect(sent[1]).toMatch(/being printed/);
  });

  it('sends the mail it claims in the order it was queued', async () => {
    const to = `order-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000);
    // Written last-first, so the table holds the later one first.
    for (const [subject, s] of [
      ['second', 2],
      ['first', 1],
    ] as const) {
      await db()
        .insertInto('email_outbox')
        .values({ to_address: to, subject, text_body: subject, next_attempt_at: at(s), created_at: at(s) })
        .execute();
    }
    const sent: string[] = [];
    await sendQueuedMail(
      db(),
      {
        kind: 'log',
        send: async (m) => {
          if (m.to === to) sent.push(m.subject);
        },
        close: () => {},
      },
      { limit: 500 },
    );
    expect(sent).toEqual(['first', 'second']);
  });
});
