/**
 * `npm start`: the whole shop on one machine. Opens (and on first start creates and seeds)
 * the database, builds the static site from it, then serves the pages and every function in
 * netlify/functions on http://localhost:4321 (PORT overrides). Ctrl-C stops it cleanly.
 * `npm start` passes `--settings=.env`: settings in that file apply unless the environment has them.
 */
// First: loads the .env file `npm start` names before any other module reads a setting.
import { envFileReport } from './lib/read-env-file.mts';
import { join } from 'node:path';
import { ConfigError, parseConfig } from '../src/server/config.ts';
import { embeddedAdminPassword } from '../src/server/auth/embedded-admin-password.ts';
import { surviveDriverStartupRejections } from '../src/server/db/driver-quirks.ts';
import { installDatabase } from '../src/server/db/index.ts';
import { DatabaseInUseError } from '../src/server/db/pglite-lock.ts';
import { setRebuildHandler } from '../src/server/admin/rebuild.ts';
import { startOutboxSender } from '../src/server/mail/sender-loop.ts';
import { startSweeper } from '../src/server/sweep/sweep-loop.ts';
import { astroBuild } from './lib/astro-build.mts';
import { batchedLog } from './lib/batched-log.mts';
import { describeEnvFile } from './lib/env-file.mts';
import { localRebuild } from './lib/local-rebuild.mts';
import { openShopDatabase } from './lib/shop-database.mts';
import { createShopServer } from './server/create-server.mts';
import { createImageHandler } from './server/image-cdn.mts';
import { stopArtworkChecks } from '../src/server/artwork/sandbox.ts';
import { localStorageStandIn } from '../src/server/artwork/store.ts';

const log = batchedLog('[shop] ');
/** How long a SIGTERM/SIGINT may take before the process exits regardless (SHUTDOWN_DEADLINE_MS). */
const SHUTDOWN_DEADLINE_MS = Number(process.env['SHUTDOWN_DEADLINE_MS'] ?? 10_000);
/** How often queued e-mail is sent; Netlify's scheduled send-mail runs every 5 minutes. */
const MAIL_EVERY_MS = 10_000;
const SWEEP_EVERY_MS = Number(process.env['SWEEP_EVERY_MS'] ?? 60_000);
const every = (ms: number) => `every ${ms >= 1000 ? Math.round(ms / 100) / 10 : ms / 1000} s`;

async function main() {
  // A database outage while a pool connection starts must fail requests, not stop the shop.
  surviveDriverStartupRejections(log);
  const settings = describeEnvFile(envFileReport);
  if (settings) log(settings);
  const cfg = parseConfig();
  const database = await openShopDatabase(cfg, log);
  installDatabase(database.handle);
  // Sends (or, without SMTP_URL, logs) queued e-mail, as the scheduled send-mail function does on Netlify.
  const mailSender = startOutboxSender(database.handle.db, { everyMs: MAIL_EVERY_MS });

  let server: Awaited<ReturnType<typeof createShopServer>> | undefined;
  let sweeper: ReturnType<typeof startSweeper> | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    // Whatever still runs past the deadline (a slow request, a stuck driver) cannot keep the
    // process up: a supervisor's SIGTERM must end it.
    setTimeout(() => {
      log(`${signal}: still stopping after ${SHUTDOWN_DEADLINE_MS} ms; exiting now`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // Artwork checks in flight are killed at once and answered 503 (try again), not waited for.
    stopArtworkChecks();
    await server?.close();
    await sweeper?.stop();
    await mailSender.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (process.env['SKIP_BUILD'] !== '1') await astroBuild(database.url, log);
  const distDir = process.env['SHOP_OUT_DIR'] ?? 'dist';
  // Admin saves that change public pages rebuild them (NETLIFY_BUILD_HOOK_URL does this on Netlify).
  // SKIP_REBUILDS=1, like SKIP_BUILD, is for the browser tests' main shop: its tests read live
  // data, and a rebuild after every save there cost minutes of CPU; the publishing tests run on
  // a shop that rebuilds (playwright.config.ts). A save is then only logged.
  if (!cfg.NETLIFY_BUILD_HOOK_URL && process.env['SKIP_REBUILDS'] !== '1') {
    setRebuildHandler(localRebuild(database.url, distDir, log), { delayMs: 2_000 });
  }
  // Releases lapsed checkouts and rebuilds at collection dates, as the scheduled sweep function
  // does on Netlify; started after the rebuild handler so a date's rebuild reaches it.
  sweeper = startSweeper(database.handle.db, { everyMs: SWEEP_EVERY_MS });

  server = await createShopServer({
    distDir,
    functionsDir: 'netlify/functions',
    port: Number(process.env['PORT'] ?? 4321),
    host: process.env['HOST'] ?? 'localhost',
    fallbacks: [{ prefix: '/admin/', file: 'admin/index.html' }],
    images: createImageHandler({
      distDir,
      uploadsDir: join(cfg.dataDir, 'uploads'),
      cacheDir: join(cfg.dataDir, 'image-cache'),
    }),
    storage: localStorageStandIn(),
    // The scheduled functions' work, done here on timers (above) instead of on Netlify's schedule.
    runsHere: { sweep: every(SWEEP_EVERY_MS), 'send-mail': every(MAIL_EVERY_MS) },
    log,
  });
  const password = cfg.ADMIN_PASSWORD_HASH
    ? '(ADMIN_PASSWORD_HASH is set)'
    : embeddedAdminPassword(cfg.dataDir, cfg.ADMIN_PASSWORD);
  if (!cfg.SMTP_URL) log('mail: SMTP_URL is not set, so each e-mail is printed here instead of sent');
  log(`the shop is running at ${server.url}`);
  log(`admin: ${server.url}/admin  password: ${password}`);
}

main().catch((error: unknown) => {
  // A bad setting or a second npm start on the same data folder: the message says it all.
  const known = error instanceof ConfigError || error instanceof DatabaseInUseError;
  console.error(known ? error.message : error);
  process.exit(1);
});
