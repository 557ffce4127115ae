/**
 * The tests use Debian's Chromium headless shell (never a downloaded browser; scripts/lib/chromium.mts)
 * and Debian's PostgreSQL 15.
 * Installs whichever is missing with apt when this runs as root; otherwise stops with a
 * message saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { TEST_CHROMIUM_PATH } from './lib/chromium.mts';

const INITDB = `${process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin'}/initdb`;

const missing = [
  { name: 'chromium-headless-shell', path: TEST_CHROMIUM_PATH },
  { name: 'postgresql-15', path: INITDB },
].filter((tool) => !existsSync(tool.path));

if (missing.length > 0) {
  const packages = missing.map((t) => t.name);
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing test tools: ${missing.map((t) => t.path).join(', ')}. Install Debian's packages as root:\n` +
        `  apt-get update && apt-get install -y ${packages.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`[tests] installing Debian's ${packages.join(' and ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`[tests] apt-get ${args.join(' ')} failed (exit ${result.status})`);
      process.exit(1);
    }
  }
  const still = missing.filter((tool) => !existsSync(tool.path));
  if (still.length > 0) {
    console.error(`[tests] apt-get finished but ${still.map((t) => t.path).join(', ')} is still missing`);
    process.exit(1);
  }
}
