import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './scripts/lib/chromium.mts';

const PORT = Number(process.env['E2E_PORT'] ?? 4398);
const BASE_URL = `http://localhost:${PORT}`;
// The journeys' shop: their admin saves republish its pages and change its settings, so they run
// at the same time as the rest on a shop of their own instead of after it (tests/support/e2e-shop.ts).
const JOURNEYS_PORT = PORT + 1;
const JOURNEYS_URL = `http://localhost:${JOURNEYS_PORT}`;
const CI = Boolean(process.env['CI']);
// Tests whose admin saves change public pages (and so read rebuilt pages, or would leave the
// other shop's pages behind its data) or the shop's own settings.
const JOURNEYS = /admin-journeys|admin-payment-settings|order-list-size-change|store-journey|\/admin\.spec\.ts$/;
const launchOptions = { executablePath: TEST_CHROMIUM_PATH, args: TEST_CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // One retry in CI: a 2-core machine running two browsers, a build and image encodes at once
  // sometimes misses a timing; a retried test is still reported as flaky.
  retries: CI ? 1 : 0,
  // A broken build or shop fails in minutes, not test by test for the whole run.
  maxFailures: CI ? 12 : 0,
  // 60 s a test in CI: the same machine runs two browsers and the shop, and a journey with several
  // axe scans has passed 30 s there. Speed goals live in the benchmarks, not in these limits.
  timeout: CI ? 60_000 : 30_000,
  // The list, then the errors outside any test again at the end, where CI's tail of the log shows
  // them; and every test's time as JSON for `npm run test:slowest` (README, "Tests").
  reporter: [
    ['list'],
    ['./tests/support/error-summary-reporter.ts'],
    ['json', { outputFile: 'test-reports/playwright.json' }],
  ],
  use: { baseURL: BASE_URL, trace: 'retain-on-failure' },
  projects: [
    // The owner signs in once per shop; admin tests start signed in (tests/e2e/owner.setup.ts).
    {
      name: 'owner',
      testMatch: /owner\.setup\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions },
    },
    // Listed first so their long tests start first (the longest first leaves no idle tail). Their
    // shop rebuilds its pages after admin saves, as `npm start` does; the other shop does not. Admin
    // journeys save products and services, then read the rebuilt public pages; the admin's screens
    // create products and services (the other shop's sitemap and services page would lag); the payment settings
    // (quote journeys read the shop's default deposit); the list-priced size change, which links
    // seeded products to a price list; the store journey, whose approvals publish the stores'
    // pages (desktop and phone inside it): all on the journeys' own shop.
    {
      name: 'journeys',
      testMatch: JOURNEYS,
      dependencies: ['owner'],
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions, baseURL: JOURNEYS_URL },
    },
    // Publishing's status on the journeys' shop once its journeys are done: while they save, a
    // new rebuild keeps queuing and the status rightly stays "Publishing…".
    {
      name: 'publishing',
      testMatch: /admin-publish\.spec\.ts/,
      dependencies: ['journeys'],
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions, baseURL: JOURNEYS_URL },
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
    // Every other test, at desktop size; those that pin a phone's size (@phone) run on `mobile` instead.
    {
      name: 'desktop',
      testIgnore: [JOURNEYS, /admin-publish|analytics|netlify-runtime|owner\.setup/],
      grepInvert: /@phone/,
      dependencies: ['owner'],
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions },
    },
    // At phone size, only what depends on the viewport: tests tagged @layout (overflow, menu and
    // drawer, the same box, wrapping, the accessibility route sweep, one cart journey) and those
    // that pin a phone's size (@phone). Everything else is the same server work at another size.
    // Headers and the policy do not depend on the viewport; the CSP fixture still guards every mobile test.
    {
      name: 'mobile',
      testIgnore: [JOURNEYS, /admin-publish|analytics|netlify-runtime|owner\.setup|security/],
      grep: /@layout|@phone/,
      dependencies: ['owner'],
      use: { ...devices['Pixel 7'], channel: undefined, launchOptions },
    },
  ],
  // The same `npm start` a person runs, on a fresh data folder, so tests see the seeded shop: one
  // for every project but the journeys, and one for the journeys.
  webServer: [shop(PORT, { SKIP_REBUILDS: '1' }), shop(JOURNEYS_PORT)],
});

function shop(port: number, settings: Record<string, string> = {}) {
  return {
    command: 'node scripts/e2e-server.mts',
    url: `http://localhost:${port}/api/collections`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    // Port-specific data and build folders let several runs share a machine.
    env: {
      PORT: String(port),
      DATA_DIR: `.data/e2e-${port}`,
      SHOP_OUT_DIR: port === 4398 ? 'dist' : `dist-e2e-${port}`,
      ...settings,
    },
  };
}
