import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import postgres from 'postgres';
import { PGliteDialect } from './pglite-dialect.ts';
import { PostgresJsDialect } from './postgres-js-dialect.ts';
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
  connectTimeoutSeconds?: number;
}

/** Seconds to wait for a new database connection before the request answers 503. */
export const CONNECT_TIMEOUT_SECONDS = 5;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    return openPostgres(
      options.url,
      options.maxConnections ?? 10,
      options.connectTimeoutSeconds ?? CONNECT_TIMEOUT_SECONDS,
    );
  }
  if (!options.dataDir) throw new Error('openDatabase needs a url or a dataDir');
  return openPGlite(options.dataDir);
}

function openPostgres(url: string, max: number, connectTimeout: number): DatabaseHandle {
  // Supabase's transaction pooler (port 6543) cannot keep prepared statements.
  const pooled = new URL(url).port === '6543' || url.includes('pooler.supabase.com');
  const sql = postgres(url, {
    max,
    prepare: !pooled,
    // A database that does not answer at all (a dropped route, a host that is down) is an
    // outage: give up within a function's time budget and answer 503, instead of waiting 30 s.
    connect_timeout: connectTimeout,
    onnotice: () => {},
    connection: { application_name: 'print-shop' },
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
    pg = await PGlite.create(join(dataDir, 'pglite'));
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
