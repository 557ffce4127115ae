import { existsSync } from 'node:fs';

/**
 * Debian's Chromium as every browser run of the project starts it (Playwright, Lighthouse,
 * bench:search): never a downloaded browser, no sandbox (root in a container), nothing fetched
 * in the background.
 */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's chromium-headless-shell, the same Chromium built as the
 * headless shell Playwright itself runs by default (no browser UI, compositor or GPU process
 * stand-in). On one measured set of 40 desktop tests it used 85 CPU-seconds where the full
 * browser in headless mode used 144-146, and the suite is CPU-bound on two cores. Lighthouse
 * (bench:web) keeps the full browser, whose numbers are the ones users get. Where the shell is
 * not installed (scripts/ensure-test-tools.mts says so), the tests run on the full browser.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH =
  process.env['TEST_CHROMIUM_PATH'] ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How the browser tests start it: as every run does, and with no network beyond this machine. */
export const TEST_CHROMIUM_ARGS = [
  ...CHROMIUM_FLAGS,
  // No network here: third-party hosts (the map embed, Stripe's script) fail at once instead of
  // waiting on DNS, so a page's load event never hangs on them.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
