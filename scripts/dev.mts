/**
 * `npm run dev`: Astro's dev server (pages re-render on every request, functions served by
 * Netlify's Vite plugin) against the shop database. This process owns the database and
 * serves it to `astro dev` over the Postgres wire protocol, as `npm start` does for builds.
 */
// First: loads the .env file `npm run dev` names before any other module reads a setting.
import { envFileReport } from './lib/read-env-file.mts';
import { spawn } from 'node:child_process';
import { ConfigError, parseConfig } from '../src/server/config.ts';
import { describeEnvFile } from './lib/env-file.mts';
import { openShopDatabase } from './lib/shop-database.mts';

const log = (line: string) => console.log(`[dev] ${line}`);
/** Arguments for astro dev: all of this script's but the settings file. */
const astroArgs = process.argv.slice(2).filter((arg) => !arg.startsWith('--settings='));

async function main() {
  const settings = describeEnvFile(envFileReport);
  if (settings) log(settings);
  const cfg = parseConfig();
  const database = await openShopDatabase(cfg, log);
  const astro = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', ...astroArgs], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: database.url, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const stop = async () => {
    astro.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  astro.on('exit', async (code) => {
    await database.close();
    process.exit(code ?? 0);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
