import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { ReservedSql, Sql } from 'postgres';
import {
  beginStatement,
  PostgresFamilyDialect,
  PostgresFamilyDriver,
  refuseAfterLastStatement,
} from './dialect-parts.ts';
import { commitsWith } from './last-statement.ts';
import { asOutage, DatabaseUnavailableError, isSessionLost, retryStale } from './outage.ts';

/**
 * Kysely over postgres.js, written for the day the database goes away (replaces
 * kysely-postgres-js, whose driver failed that day in three ways, each seen in tests):
 *
 * - postgres.js 3.4.9 crashes the whole process (an uncatchable TypeError in `nextWrite`,
 *   porsager/postgres#1208) when a statement is written to a reserved connection whose socket
 *   has closed. kysely-postgres-js reserved a connection for every query and sent ROLLBACK on it
 *   after the session died, so an outage during any transaction killed the process.
 * - Releasing such a connection puts it back in postgres.js's open queue with no socket, where
 *   every later query fails or crashes: the pool never recovers.
 * - The failed ROLLBACK then called a Kysely-private method the connection lacked, so callers saw
 *   a TypeError (answered 500) instead of the outage (503).
 *
 * Here a statement outside a transaction goes to the pool, which reconnects by itself; only a
 * transaction reserves a connection. Once that session is lost, nothing more is written to it:
 * no ROLLBACK (the server ends a dead session's transaction itself) and no release (postgres.js
 * has already moved the closed connection to its queue of connections to reopen). Transactions
 * must only await statements: between two statements there is then no turn of the event loop
 * in which a closed socket could go unnoticed. The connection enforces that rule (see
 * #guardTurn): a statement or COMMIT that follows a turn of the event loop since the last
 * statement settled fails with TransactionAwaitedOtherWorkError, so a service that awaits a
 * fetch, a timer or the pool inside a transaction fails its integration tests on PostgreSQL.
 * Outage errors are raised as DatabaseUnavailableError, which the HTTP layer answers with 503.
 * Round trips: BEGIN is sent with the transaction's first statement (a transaction that runs
 * none never begins on the server), and a statement marked with `lastStatement` is sent with
 * COMMIT behind it, each pair in one write.
 */
export class PostgresJsDialect extends PostgresFamilyDialect {
  readonly #sql: Sql;
  constructor(sql: Sql) {
    super();
    this.#sql = sql;
  }
  createDriver(): Driver {
    return new PostgresJsDriver(this.#sql);
  }
}

class PostgresJsDriver extends PostgresFamilyDriver {
  readonly #sql: Sql;
  constructor(sql: Sql) {
    super();
    this.#sql = sql;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresJsConnection(this.#sql);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await (connection as PostgresJsConnection).begin(beginStatement(settings));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PostgresJsConnection).commit();
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PostgresJsConnection).rollback();
  }
  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }
  async releaseConnection(connection: DatabaseConnection) {
    (connection as PostgresJsConnection).release();
  }
}

/**
 * Always the extended protocol (postgres.js would send a statement without parameters as a
 * simple query, which runs several statements at once); `simple` is missing from its types.
 */
const EXTENDED = { prepare: true, simple: false } as { prepare: boolean };

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

class PostgresJsConnection implements DatabaseConnection {
  readonly #pool: Sql;
  /** The reserved session of a running transaction. */
  #session: ReservedSql | null = null;
  #lost = false;
  /** The transaction committed (or rolled back) with a `lastStatement`. */
  #ended = false;
  /** BEGIN not sent yet: it goes with the transaction's first statement, in the same write. */
  #pendingBegin: string | null = null;
  /** Set by a macrotask queued when a statement of the transaction settled: the event loop turned. */
  #turned = false;
  #settled = 0;

  constructor(pool: Sql) {
    this.#pool = pool;
  }

  async begin(statement: string) {
    try {
      this.#session = await retryStale(() => this.#pool.reserve());
    } catch (error) {
      throw asOutage(error);
    }
    this.#ended = false;
    this.#pendingBegin = statement;
  }

  async commit() {
    // A transaction that ran no statement never began on the server: nothing to end.
    if (this.#pendingBegin !== null) {
      this.#pendingBegin = null;
      return;
    }
    if (this.#ended) return;
    assertCommitted(await this.executeQuery(CompiledQuery.raw('commit')));
  }

  async rollback() {
    if (this.#pendingBegin !== null) {
      this.#pendingBegin = null;
      return;
    }
    if (this.#lost || this.#ended) return;
    // Not guarded: a ROLLBACK after a broken rule must not hide the error that caused it.
    this.#turned = false;
    await this.executeQuery(CompiledQuery.raw('rollback'));
  }

  /**
   * Code that awaits only statements continues in microtasks when one settles, before any
   * macrotask; a setImmediate queued at that moment runs only if the transaction awaited
   * something else (I/O, a timer, another connection) before its next statement.
   */
  #guardTurn() {
    if (this.#turned) {
      throw new TransactionAwaitedOtherWorkError(
        'A transaction awaited something other than a statement (postgres-js-dialect.ts: transactions must only await statements).',
      );
    }
  }

  async #inSession<T>(statement: () => Promise<T>): Promise<T> {
    try {
      return await statement();
    } finally {
      const settled = ++this.#settled;
      this.#turned = false;
      setImmediate(() => {
        if (this.#settled === settled) this.#turned = true;
      });
    }
  }

  release() {
    const session = this.#session;
    this.#session = null;
    if (session && !this.#lost) session.release();
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#lost) throw new DatabaseUnavailableError('The database session of this transaction was lost.');
    const session = this.#session;
    if (session && this.#ended) refuseAfterLastStatement();
    if (session) this.#guardTurn();
    const run = (target: Sql) => target.unsafe(compiled.sql, [...compiled.parameters] as never[], EXTENDED);
    try {
      const result = session
        ? await this.#inSession(() => {
            const begun = this.#sendBegin(session);
            const statement = commitsWith(compiled) ? this.#runAndCommit(run(session), session) : run(session);
            return begun ? this.#afterBegin(begun, statement) : statement;
          })
        : await retryStale(() => run(this.#pool));
      const { command, count } = result;
      const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
      const answer: QueryResult<R> & { command?: string } = {
        rows: Array.from(result) as R[],
        ...(changed ? { numAffectedRows: BigInt(count) } : {}),
      };
      // Read by commit() only; Kysely ignores it.
      Object.defineProperty(answer, 'command', { value: command, enumerable: false });
      return answer;
    } catch (error) {
      if (this.#session && isSessionLost(error)) this.#lost = true;
      throw asOutage(error);
    }
  }

  /**
   * Sends the pending BEGIN, if any, ahead of the statement about to be sent: postgres.js writes
   * both in one go and PostgreSQL runs them in order, so the transaction begins without a round
   * trip of its own. Answers the BEGIN's outcome (null: it had already been sent).
   */
  #sendBegin(session: ReservedSql): Promise<unknown> | null {
    const begin = this.#pendingBegin;
    if (begin === null) return null;
    this.#pendingBegin = null;
    // then() sends it now, before the statement (postgres.js sends a query when it is awaited).
    return session.unsafe(begin, [], EXTENDED).then(
      () => null,
      (error: unknown) => error ?? new Error('BEGIN failed'),
    );
  }

  /**
   * The statement's answer once BEGIN's is in. BEGIN fails only when the session does (then so
   * does the statement): its error wins, so an outage is reported as one.
   */
  async #afterBegin<T>(begun: Promise<unknown>, statement: Promise<T>): Promise<T> {
    const [beginError, result] = await Promise.all([
      begun,
      statement.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
    ]);
    if (beginError) throw beginError;
    if ('error' in result) throw result.error;
    return result.value;
  }

  /**
   * Sends the statement and COMMIT in the same turn, so postgres.js writes them together (it
   * pipelines on a reserved connection once the statement is prepared there; before that it
   * sends COMMIT when the statement is answered, which is just as correct). Each has its own
   * Sync: a failed statement aborts the transaction and the COMMIT answers ROLLBACK.
   */
  async #runAndCommit<T>(statement: Promise<T>, session: ReservedSql): Promise<T> {
    this.#ended = true;
    const [result, commit] = await Promise.allSettled([statement, session.unsafe('commit', [], EXTENDED)]);
    if (result.status === 'rejected') throw result.reason;
    if (commit.status === 'rejected') throw commit.reason;
    assertCommitted(commit.value);
    return result.value;
  }

  // biome-ignore lint/correctness/useYield: no caller streams; offering it would need cursors on reserved sessions.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported by this dialect');
  }
}

/** PostgreSQL completes COMMIT with a ROLLBACK tag when an earlier error aborted the transaction. */
function assertCommitted(answer: unknown): void {
  if ((answer as { command?: string }).command === 'ROLLBACK') {
    throw new Error('The transaction was aborted by an earlier error and rolled back.');
  }
}

/** A transaction broke the rule that it awaits only statements (a programming error: answered 500). */
export class TransactionAwaitedOtherWorkError extends Error {
  override name = 'TransactionAwaitedOtherWorkError';
}
