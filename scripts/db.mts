/**
 * Database tools. `migrate` applies pending migrations (and, for the embedded database, the
 * demo seed); `reset` puts the database back to the seeded demo shop.
 *   npm run db:migrate      npm run db:reset [-- --yes for a DATABASE_URL database]
 */
// First: loads the .env file the npm script names before any other module reads a setting.
import { envFileReport } from './lib/read-env-file.mts';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connect.ts';
import { lockDataDir } from '../src/server/db/pglite-lock.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { describeEnvFile } from './lib/env-file.mts';

async function main(command: string | undefined) {
  const settings = describeEnvFile(envFileReport);
  if (settings) console.log(settings);
  const cfg = parseConfig();
  if (command !== 'migrate' && command !== 'reset') {
    throw new Error('usage: node scripts/db.mts migrate|reset [--yes]');
  }
  if (command === 'reset') {
    if (cfg.DATABASE_URL) {
      if (cfg.SHOP_ENV === 'production') throw new Error('Refusing to reset a production database.');
      if (!process.argv.includes('--yes')) {
        throw new Error(`This drops every table of ${new URL(cfg.DATABASE_URL).host}; run again with -- --yes.`);
      }
      const handle = await openDatabase({ url: cfg.DATABASE_URL, maxConnections: 1 });
      await handle.execScript('drop schema public cascade; create schema public;');
      await handle.close();
    } else {
      // Taking the lock first refuses a reset while `npm start` owns the folder.
      const unlock = lockDataDir(cfg.dataDir);
      rmSync(join(cfg.dataDir, 'pglite'), { recursive: true, force: true });
      unlock();
    }
  }
  const handle = await openDatabase({ url: cfg.DATABASE_URL, dataDir: cfg.dataDir, maxConnections: 1 });
  try {
    const seed = handle.kind === 'pglite' || command === 'reset';
    const result = await migrate(handle, { seed });
    console.log(result.applied.length ? `applied: ${result.applied.join(', ')}` : 'already up to date');
  } finally {
    await handle.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
