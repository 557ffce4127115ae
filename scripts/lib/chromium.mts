/**
 * Debian's Chromium as every browser run of the project starts it (Playwright, Lighthouse,
 * bench:search): never a downloaded browser, no sandbox (root in a container), nothing fetched
 * in the background.
 */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
