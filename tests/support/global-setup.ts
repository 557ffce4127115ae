import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/connect.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { startPostgres } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    pgliteTemplateDir: string;
  }
}

export const TEMPLATE_DB = 'shop_template';

/**
 * Starts one PostgreSQL 15 server for the run and prepares a migrated, seeded template of
 * each database kind; every test file then gets its own copy in a fraction of a second.
 */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const admin = postgres(server.url(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const pgTemplate = await openDatabase({ url: server.url(TEMPLATE_DB), maxConnections: 1 });
  await migrate(pgTemplate, { seed: true });
  await pgTemplate.close();

  const pgliteDir = mkdtempSync(join(tmpdir(), 'shop-pglite-template-'));
  const pglite = await openDatabase({ dataDir: pgliteDir });
  await migrate(pglite, { seed: true });
  await pglite.close();

  project.provide('postgresUrl', server.url());
  project.provide('pgliteTemplateDir', pgliteDir);
  return () => {
    server.stop();
    rmSync(pgliteDir, { recursive: true, force: true });
  };
}
