import postgres from 'postgres';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { type PostgresServer, startPostgres } from './postgres-server.ts';

/**
 * A PostgreSQL 15 server of the test's own, migrated and seeded, that the test may stop and
 * start again (the run's shared server serves every other file and must stay up).
 */
export interface OutageDatabase {
  server: PostgresServer;
  /** The app's handle: a pool of 2, as a function instance opens it. */
  handle: DatabaseHandle;
  /** Another client of the same database (not the app's): holds locks, watches sessions. */
  other: postgres.Sql;
  /**
   * Locks the rows `lockSql` selects (`select ... for update`) in a transaction of `other`
   * that lasts until the server is halted: an app statement that needs them waits.
   */
  holdLock(lockSql: string, params?: unknown[]): Promise<void>;
  /**
   * Resolves once an app session waits on a lock, i.e. a request has reached the statement
   * the test blocked (and so is inside its transaction).
   */
  waitForBlockedStatement(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startOutageDatabase(): Promise<OutageDatabase> {
  const server = await startPostgres();
  const admin = postgres(server.url(), { max: 1, onnotice: () => {} });
  await admin.unsafe('create database shop');
  await admin.end();
  const handle = await openDatabase({ url: server.url('shop'), maxConnections: 2 });
  await migrate(handle, { seed: true });
  const other = postgres(server.url('shop'), { max: 2, onnotice: () => {} });
  return {
    server,
    handle,
    other,
    async holdLock(lockSql, params = []) {
      // A reserved session, never written to again nor released: postgres.js 3.4.9 crashes the
      // process when a statement (sql.begin's own ROLLBACK, say) is sent on a session whose
      // server went away (see src/server/db/postgres-js-dialect.ts).
      const session = await other.reserve();
      await session.unsafe('begin');
      await session.unsafe(lockSql, params as never[]);
    },
    async waitForBlockedStatement() {
      for (let i = 0; i < 200; i++) {
        const [row] = await other<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where application_name = 'print-shop' and wait_event_type = 'Lock'`;
        if (row!.n > 0) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('no request got as far as the locked row');
    },
    async dispose() {
      await other.end({ timeout: 1 });
      await handle.close();
      server.stop();
    },
  };
}
