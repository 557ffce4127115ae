import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/chromium.mts';

const PORT = Number(process.env['E2E_PORT'] ?? 4398);
const BASE_URL = `http://localhost:${PORT}`;
const CHROMIUM_ARGS = [
  ...CHROMIUM_FLAGS,
  // No network here: third-party hosts (the map embed, Stripe's script) fail at once instead of
  // waiting on DNS, so a page's load event never hangs on them.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // One retry in CI: a 2-core machine running two browsers, a build and image encodes at once
  // sometimes misses a timing; a retried test is still reported as flaky.
  retries: process.env['CI'] ? 1 : 0,
  // 60 s a test in CI: the same machine runs two browsers and the shop, and a journey with several
  // axe scans has passed 30 s there. Speed goals live in the benchmarks, not in these limits.
  timeout: process.env['CI'] ? 60_000 : 30_000,
  // The list, then the errors outside any test again at the end, where CI's tail of the log shows them.
  reporter: [['list'], ['./tests/support/error-summary-reporter.ts']],
  use: { baseURL: BASE_URL, trace: 'retain-on-failure' },
  projects: [
    {
      name: 'desktop',
      testIgnore:
        /admin-journeys|admin-payment-settings|order-list-size-change|store-journey|analytics|netlify-runtime/,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions },
    },
    {
      name: 'mobile',
      // Headers and the policy do not depend on the viewport; the CSP fixture still guards every mobile test.
      testIgnore:
        /admin-journeys|admin-payment-settings|order-list-size-change|store-journey|analytics|security|netlify-runtime/,
      use: { ...devices['Pixel 7'], channel: undefined, launchOptions },
    },
    // Analytics builds a second shop with PUBLIC_POSTHOG_KEY and a local PostHog host: once, on one device.
    {
      name: 'analytics',
      testMatch: /analytics\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions },
    },
    // One journey on Netlify's own runtime (@netlify/dev serving a build with Netlify's adapter),
    // with a shop and a database of its own: once, on one device.
    {
      name: 'netlify',
      testMatch: /netlify-runtime\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions },
    },
    // Admin journeys save products and services, which rebuilds the public pages: they run after
    // the other projects so no page test ever compares a build with data saved a moment earlier.
    // The payment settings too (quote journeys read the shop's default deposit), and the
    // list-priced size change, which links seeded products to a price list for its checkout; and
    // the store journey, whose approvals publish the stores' pages (desktop and phone inside it).
    {
      name: 'journeys',
      testMatch:
        /admin-journeys\.spec\.ts|admin-payment-settings\.spec\.ts|order-list-size-change\.spec\.ts|store-journey\.spec\.ts/,
      dependencies: ['desktop', 'mobile'],
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions },
    },
  ],
  // The same `npm start` a person runs, on a fresh data folder, so tests see the seeded shop.
  webServer: {
    command: 'node scripts/e2e-server.mts',
    url: `${BASE_URL}/api/collections`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // Port-specific data and build folders let several runs share a machine.
    env: {
      PORT: String(PORT),
      DATA_DIR: `.data/e2e-${PORT}`,
      SHOP_OUT_DIR: PORT === 4398 ? 'dist' : `dist-e2e-${PORT}`,
    },
  },
});
