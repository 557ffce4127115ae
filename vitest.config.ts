import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
    ],
  },
});
