/**
 * The tests use Debian's Chromium (never a downloaded browser), its headless shell where it can be
 * had (the lighter build the browser tests run; scripts/lib/chromium.mts) and Debian's PostgreSQL
 * 15. Installs whichever is missing with apt when this runs as root; otherwise stops with a
 * message saying what to install. Without the headless shell the browser tests run on the full
 * Chromium, slower, so its absence is said but stops nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './lib/chromium.mts';

const INITDB = `${process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin'}/initdb`;

const tools = [
  { name: 'chromium', path: CHROMIUM_PATH, optional: false },
  // TEST_CHROMIUM_PATH names another browser for the tests: then that one is required.
  {
    name: 'chromium-headless-shell',
    path: process.env['TEST_CHROMIUM_PATH'] ?? HEADLESS_SHELL_PATH,
    optional: !process.env['TEST_CHROMIUM_PATH'],
  },
  { name: 'postgresql-15', path: INITDB, optional: false },
];
const missingNow = () => tools.filter((tool) => !existsSync(tool.path));

function install(names: readonly string[]): boolean {
  console.log(`[tests] installing Debian's ${names.join(' and ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...names]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`[tests] apt-get ${args.join(' ')} failed (exit ${result.status})`);
      return false;
    }
  }
  return true;
}

const missing = missingNow();
if (missing.length > 0 && process.getuid?.() === 0) {
  // The optional shell on its own: a failed install of it must not stop the required ones.
  const required = missing.filter((tool) => !tool.optional);
  if (required.length > 0 && !install(required.map((t) => t.name))) process.exit(1);
  const optional = missing.filter((tool) => tool.optional);
  if (optional.length > 0) install(optional.map((t) => t.name));
}
const still = missingNow();
const stillRequired = still.filter((tool) => !tool.optional);
if (stillRequired.length > 0) {
  console.error(
    `Missing test tools: ${stillRequired.map((t) => t.path).join(', ')}. Install Debian's packages as root:\n` +
      `  apt-get update && apt-get install -y ${still.map((t) => t.name).join(' ')}`,
  );
  process.exit(1);
}
if (still.length > 0) {
  console.warn(
    `[tests] ${HEADLESS_SHELL_PATH} is missing: the browser tests run on ${CHROMIUM_PATH}, more slowly ` +
      '(as root: apt-get install -y chromium-headless-shell)',
  );
}
