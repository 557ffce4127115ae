import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from './connect.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const MIGRATIONS_DIR = join(root, 'supabase/migrations');
export const SEED_FILE = join(root, 'supabase/seed.sql');

const LEDGER = `
create table if not exists public.schema_migrations (
  version text primary key,
  applied_at timestamptz not null default now()
);
comment on table public.schema_migrations is 'Migration and seed files applied by scripts/db (one row per file).';
alter table public.schema_migrations enable row level security;
`;

export interface MigrateResult {
  applied: string[];
  skipped: string[];
}

/**
 * Applies every migration file not yet recorded, each in its own transaction together with
 * its ledger row, so a failing file leaves nothing half applied. An advisory lock keeps two
 * runners on one server from applying the same file twice.
 */
export async function migrate(handle: DatabaseHandle, options: { seed?: boolean } = {}): Promise<MigrateResult> {
  await handle.execScript(LEDGER);
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const scripts = files.map((f) => ({ version: f, path: join(MIGRATIONS_DIR, f) }));
  if (options.seed) scripts.push({ version: `seed/${basename(SEED_FILE)}`, path: SEED_FILE });

  const result: MigrateResult = { applied: [], skipped: [] };
  for (const script of scripts) {
    const done = await sql<{
      n: number;
    }>`select count(*)::int as n from public.schema_migrations where version = ${script.version}`
      .execute(handle.db)
      .then((r) => r.rows[0]?.n === 1);
    if (done) {
      result.skipped.push(script.version);
      continue;
    }
    const text = await readFile(script.path, 'utf8');
    const version = script.version.replaceAll("'", "''");
    await handle.execScript(
      `select pg_advisory_xact_lock(727274);
       ${text}
       ;insert into public.schema_migrations (version) values ('${version}');`,
    );
    result.applied.push(script.version);
  }
  return result;
}
