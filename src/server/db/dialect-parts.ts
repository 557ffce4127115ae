import {
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type TransactionSettings,
} from 'kysely';
import { TransactionEndedError } from './last-statement.ts';

/**
 * What the shop's two dialects (PGlite in process, postgres.js over the wire) do alike: Kysely's
 * PostgreSQL parts, how a transaction begins, and refusing a statement after a `lastStatement`.
 * Each keeps only how it reaches its database.
 */
export abstract class PostgresFamilyDialect implements Dialect {
  abstract createDriver(): Driver;
  createAdapter() {
    return new PostgresAdapter();
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

/** The drivers' common lifecycle: nothing to set up, and the handle that made the pool ends it. */
export abstract class PostgresFamilyDriver implements Driver {
  abstract acquireConnection(): Promise<DatabaseConnection>;
  abstract beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void>;
  abstract commitTransaction(connection: DatabaseConnection): Promise<void>;
  abstract rollbackTransaction(connection: DatabaseConnection): Promise<void>;
  abstract releaseConnection(connection: DatabaseConnection): Promise<void>;
  async init() {}
  async destroy() {
    // The handle that opened the database closes it (connect.ts), with a deadline.
  }
}

/** The statement that begins a transaction with Kysely's settings (isolation level, access mode). */
export function beginStatement(settings: TransactionSettings): string {
  const mode = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode]
    .filter(Boolean)
    .join(' ');
  return mode ? `start transaction ${mode}` : 'begin';
}

/** A statement sent after its transaction committed with a `lastStatement` is a programming error. */
export function refuseAfterLastStatement(): never {
  throw new TransactionEndedError('This transaction already committed with its last statement (lastStatement).');
}
