import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atomically } from '../../src/server/db/transaction.ts';
import { TransactionAwaitedOtherWorkError } from '../../src/server/db/postgres-js-dialect.ts';
import type { Database } from '../../src/server/db/types.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

/**
 * The postgres.js dialect's rule (src/server/db/postgres-js-dialect.ts): a transaction awaits
 * only statements, so no turn of the event loop passes between two of them. The connection
 * enforces it; these tests prove the guard catches a break and lets correct code through.
 */
describe('transactions on PostgreSQL await only statements', () => {
  let database: TestDatabase;
  // biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the app's Database type.
  let db: Kysely<any>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    db = database.db;
    await sql`create table rule_probe (n int not null)`.execute(db);
  }, 120_000);
  afterAll(() => database?.dispose());

  const stored = async () =>
    (await db.selectFrom('rule_probe').select('n').orderBy('n').execute()).map((r: { n: number }) => r.n);

  it('refuses a statement that follows an awaited timer, and keeps nothing of the transaction', async () => {
    await db.deleteFrom('rule_probe').execute();
    const broken = db.transaction().execute(async (trx) => {
      await trx.insertInto('rule_probe').values({ n: 1 }).execute();
      await sleep(5);
      await trx.insertInto('rule_probe').values({ n: 2 }).execute();
    });
    await expect(broken).rejects.toBeInstanceOf(TransactionAwaitedOtherWorkError);
    expect(await stored()).toEqual([]);
  });

  it('refuses the COMMIT after a statement on another connection was awaited', async () => {
    await db.deleteFrom('rule_probe').execute();
    const broken = db.transaction().execute(async (trx) => {
      await trx.insertInto('rule_probe').values({ n: 1 }).execute();
      // The pool, not the transaction: its answer arrives in a later turn of the event loop.
      await sql`select 1`.execute(db);
    });
    await expect(broken).rejects.toThrow(/awaited something other than a statement/);
    expect(await stored()).toEqual([]);
  });

  it('commits a transaction that awaits only its own statements, one by one, together and nested', async () => {
    await db.deleteFrom('rule_probe').execute();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('rule_probe').values({ n: 1 }).execute();
      await Promise.all([
        trx.insertInto('rule_probe').values({ n: 2 }).execute(),
        trx.insertInto('rule_probe').values({ n: 3 }).execute(),
      ]);
      // A service's atomically() joins the running transaction.
      await atomically(trx as unknown as Kysely<Database>, async (inner) => {
        await sql`insert into rule_probe (n) values (4)`.execute(inner);
      });
      await trx.selectFrom('rule_probe').selectAll().execute();
    });
    expect(await stored()).toEqual([1, 2, 3, 4]);
  });

  it('lets a statement after an awaited timer through outside a transaction', async () => {
    await db.deleteFrom('rule_probe').execute();
    await db.insertInto('rule_probe').values({ n: 1 }).execute();
    await sleep(5);
    await db.insertInto('rule_probe').values({ n: 2 }).execute();
    expect(await stored()).toEqual([1, 2]);
  });
});
