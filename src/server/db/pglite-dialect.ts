import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import {
  beginStatement,
  PostgresFamilyDialect,
  PostgresFamilyDriver,
  refuseAfterLastStatement,
} from './dialect-parts.ts';
import { commitsWith } from './last-statement.ts';

/**
 * Kysely dialect over one in-process PGlite instance. PGlite is a single session, so the
 * driver hands out its one connection to one caller at a time: a transaction started by
 * one request can never interleave with statements of another.
 */
export class PGliteDialect extends PostgresFamilyDialect {
  readonly #pg: PGlite;
  constructor(pg: PGlite) {
    super();
    this.#pg = pg;
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#pg);
  }
}

class PGliteDriver extends PostgresFamilyDriver {
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(pg: PGlite) {
    super();
    this.#connection = new PGliteConnection(pg);
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await connection.executeQuery(CompiledQuery.raw(beginStatement(settings)));
    (connection as PGliteConnection).transaction = 'open';
  }
  async commitTransaction(connection: DatabaseConnection) {
    if ((connection as PGliteConnection).endTransaction()) await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    if ((connection as PGliteConnection).endTransaction()) await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection() {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pg: PGlite;
  /** None, open, or ended by a `lastStatement` (committed or rolled back with it). */
  transaction: 'none' | 'open' | 'ended' = 'none';
  constructor(pg: PGlite) {
    this.#pg = pg;
  }
  /** Leaves the transaction; true when COMMIT or ROLLBACK must still be sent. */
  endTransaction(): boolean {
    const open = this.transaction === 'open';
    this.transaction = 'none';
    return open;
  }
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.transaction === 'ended') refuseAfterLastStatement();
    if (this.transaction === 'open' && commitsWith(compiled)) {
      // One session in this process: nothing to pipeline, the statement then its end.
      this.transaction = 'ended';
      const result = await this.#run<R>(compiled).catch(async (error: unknown) => {
        await this.#pg.query('rollback');
        throw error;
      });
      await this.#pg.query('commit');
      return result;
    }
    return this.#run<R>(compiled);
  }
  async #run<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pg.query<R>(compiled.sql, [...compiled.parameters]);
    return result.affectedRows === undefined
      ? { rows: result.rows }
      : { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) };
  }
  // biome-ignore lint/correctness/useYield: PGlite has no cursors; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported by the PGlite dialect');
  }
}
