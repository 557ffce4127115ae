import { defineConfig } from 'vitest/config';
import { isDriverArrayTypesQueryError } from './src/server/db/driver-quirks.ts';

export default defineConfig({
  test: {
    // The outage tests stop PostgreSQL while pool connections start (src/server/db/driver-quirks.ts):
    // only that one driver-internal error is let through; the tests assert each request's 503.
    onUnhandledError: (error) => !isDriverArrayTypesQueryError(error),
    // Every test's time as JSON beside the usual output, for `npm run test:slowest` (README, "Tests").
    reporters: ['default', ['json', { outputFile: 'test-reports/vitest.json' }]],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // One PostgreSQL 15 server and one PGlite template for the whole run.
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // PGlite is a 0.6-1.2 GB WASM process per open database: two at once fit 2 cores.
          maxWorkers: 2,
        },
      },
      // Pages rendered per request, through Astro's Container API (Astro's compiler).
      'vitest.pages.config.ts',
    ],
  },
});
