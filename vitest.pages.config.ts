import { getViteConfig } from 'astro/config';

/**
 * The `pages` project: tests of pages rendered per request, through Astro's Container API, so
 * they need Astro's compiler (getViteConfig). Like the integration project otherwise: one
 * PostgreSQL 15 server and one PGlite template for the run, two workers.
 */
export default getViteConfig(
  {
    test: {
      name: 'pages',
      include: ['tests/pages/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['tests/support/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 120_000,
      maxWorkers: 2,
    },
  },
  { logLevel: 'warn' },
);
