import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import postgres from 'postgres';
import { PGliteDialect } from './pglite-dialect.ts';
import { PostgresJsDialect } from './postgres-js-dialect.ts';
import { INT8_OID, readInt8 } from './int8.ts';
import { lockDataDir } from './pglite-lock.ts';
import type { Database } from './types.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the typed query builder plus what migrations and tooling need. */
export interface DatabaseHandle {
  readonly kind: DatabaseKind;
  readonly db: Kysely<Database>;
  /** Runs a multi-statement SQL script in one transaction (migrations, seed). */
  execScript(sqlText: string): Promise<void>;
  /** The in-process PGlite instance, when this process owns one (to serve it over a socket). */
  readonly pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder holding the embedded database (`<dataDir>/pglite`); ignored with a URL. */
  dataDir?: string | undefined;
  /** Connections in the pool for postgres.js (functions want 1-2, the local server more). */
  maxConnections?: number;
  /** Seconds to wait for a new postgres.js connection (default CONNECT_TIMEOUT_SECONDS). */
  connectTimeoutSeconds?: number | undefined;
  /**
   * Milliseconds a statement may run before PostgreSQL cancels it (statement_timeout); 0 or
   * unset: no limit (migrations, scripts). Not sent through Supabase's transaction pooler,
   * which keeps no session settings: set it on the database role there.
   */
  statementTimeoutMs?: number | undefined;
}

/** Seconds to wait for a new database connection before the request answers 503. */
export const CONNECT_TIMEOUT_SECONDS = 3;

/**
 * The statement limit of the app's requests (migrations and scripts run without one): no page
 * or API statement needs more, and a checkout waiting longer on a lock should answer instead.
 */
export const STATEMENT_TIMEOUT_MS = 5_000;

/**
 * No delay before reopening a pool connection after failed attempts. postgres.js's default
 * backoff grows as 3^retries / 100 s up to 20 s and is shared by the whole pool: after a 2.5 s
 * outage (a dozen refused attempts) the first connection after the database came back waited
 * 6-20 s, and every request queued behind it (docs/decisions/0013-trust-audit.md item 15); during
 * the outage requests piled up behind the delay instead of answering 503. postgres.js only reopens a connection for a
 * waiting query, so without a delay each request makes at most one attempt and fails fast:
 * the attempts can never outnumber the requests.
 */
const RECONNECT_DELAY_SECONDS = 0;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    return openPostgres(options.url, {
      max: options.maxConnections ?? 10,
      connectTimeout: options.connectTimeoutSeconds ?? CONNECT_TIMEOUT_SECONDS,
      statementTimeoutMs: options.statementTimeoutMs ?? 0,
    });
  }
  if (!options.dataDir) throw new Error('openDatabase needs a url or a dataDir');
  return openPGlite(options.dataDir);
}

interface PostgresSettings {
  max: number;
  connectTimeout: number;
  statementTimeoutMs: number;
}

function openPostgres(url: string, { max, connectTimeout, statementTimeoutMs }: PostgresSettings): DatabaseHandle {
  // Supabase's transaction pooler (port 6543) cannot keep prepared statements.
  const pooled = new URL(url).port === '6543' || url.includes('pooler.supabase.com');
  // A statement stuck behind a lock or a slow plan ends with an error instead of holding one
  // of the function's two connections for as long as the platform lets it run.
  const sessionSettings = statementTimeoutMs > 0 && !pooled ? { statement_timeout: statementTimeoutMs } : {};
  const sql = postgres(url, {
    max,
    prepare: !pooled,
    // A database that does not answer at all (a dropped route, a host that is down) is an
    // outage: give up within a function's time budget and answer 503, instead of waiting 30 s.
    connect_timeout: connectTimeout,
    backoff: () => RECONNECT_DELAY_SECONDS,
    onnotice: () => {},
    connection: { application_name: 'print-shop', ...sessionSettings },
    // bigint totals and count(*) as numbers, as PGlite reads them (int8.ts).
    types: {
      bigint: { to: INT8_OID, from: [INT8_OID], parse: readInt8, serialize: (value: unknown) => String(value) },
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresJsDialect(sql) });
  return {
    kind: 'postgres',
    db,
    async execScript(text) {
      await sql.begin((tx) => tx.unsafe(text).simple());
    },
    async close() {
      // Give running queries 5 s, then close the sockets: a process that is stopping must not
      // wait forever on a connection the pool still counts as busy.
      await sql.end({ timeout: 5 });
      await db.destroy();
    },
  };
}

async function openPGlite(dataDir: string): Promise<DatabaseHandle> {
  const unlock = lockDataDir(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(join(dataDir, 'pglite'), { parsers: { [INT8_OID]: readInt8 } });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pg) });
  let closed = false;
  return {
    kind: 'pglite',
    db,
    pglite: pg,
    async execScript(text) {
      await pg.transaction((tx) => tx.exec(text).then(() => undefined));
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await pg.close();
      unlock();
    },
  };
}
