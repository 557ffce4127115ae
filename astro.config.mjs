// @ts-check
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { localAdapter } from './src/on-demand/local-adapter.ts';
import { deferredScriptsIntegration } from './src/deferred-loading/deferred-scripts.ts';
import { closeDatabase } from './src/server/db/index.ts';
import { securityIntegration } from './src/server/security/build-integration.ts';
import { siteOrigin } from './src/server/site-origin.ts';

/** Pages read the database while pre-rendering; release it so the build process can exit. */
const releaseDatabase = {
  name: 'print-shop:release-database',
  hooks: { 'astro:build:done': () => closeDatabase() },
};

/**
 * `client:interaction`: hydrate an island when a person first reaches for it (src/deferred-loading/interaction.ts);
 * `client:afterload`: once the page has loaded, or sooner if a person reaches for it (src/deferred-loading/after-load.ts).
 * @type {import('astro').AstroIntegration}
 */
const clientDirectives = {
  name: 'print-shop:client-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/deferred-loading/interaction.ts' });
      addClientDirective({ name: 'afterload', entrypoint: './src/deferred-loading/after-load.ts' });
    },
  },
};

// The public origin (canonical URLs, sitemap, robots.txt): SITE_URL, else Netlify's URL on its
// builds, else http://localhost:<PORT>, where npm start serves these pages.
const site = siteOrigin(process.env);

// SHOP_OUT_DIR lets parallel test servers build side by side without sharing dist/.
const outDir = process.env.SHOP_OUT_DIR ?? 'dist';

// Builds that `npm start` serves itself (its first build, rebuilds after admin saves, tests) use
// a local adapter instead of Netlify's: both bundle the pages rendered on demand, but Netlify's
// writes to one shared .netlify/build folder, so two such builds at once (a test suite, a
// rebuild) broke each other; the local one writes into the build's own folder (src/on-demand).
const localBuild = process.env.SHOP_LOCAL_BUILD === '1';
const netlifyAdapter = netlify({
  // The functions in netlify/functions are ours; Astro only pre-renders pages.
  devFeatures: { edgeFunctions: false, images: false, environmentVariables: false },
  // The search page (src/pages/search.astro) answers from the build's index, never the database.
  includeFiles: [`${outDir}/search-index.json`],
});

export default defineConfig({
  site,
  outDir,
  cacheDir: outDir === 'dist' ? 'node_modules/.astro' : `node_modules/.astro-${outDir.replace(/\W/g, '_')}`,
  output: 'static',
  trailingSlash: 'ignore',
  // Pages carry their (small) CSS inline: no render-blocking stylesheet request before first paint.
  build: { format: 'directory', inlineStylesheets: 'always' },
  // deferredScriptsIntegration: pages load their bundled scripts after `load` (first paint first).
  // securityIntegration, after it: fails a build that leaks a secret, writes _headers (CSP, HSTS, ...).
  integrations: [react(), clientDirectives, deferredScriptsIntegration(), securityIntegration(), releaseDatabase],
  adapter: localBuild ? localAdapter(outDir) : netlifyAdapter,
  server: { port: Number(process.env.PORT ?? 4321), host: '127.0.0.1' },
  devToolbar: { enabled: false },
  // Pages rendered per request refuse another site's posts themselves, by the rule every function
  // uses (src/server/security/api-headers.ts isForeignOrigin), and answer with the shop's page;
  // Astro's own check would also refuse a post without an Origin header, in plain text.
  security: { checkOrigin: false },
  // Scripts ship as files, never inlined: cacheable, and allowed by a CSP without 'unsafe-inline'.
  // envDir: false: Astro and Vite read no .env file themselves. The npm scripts that take one
  // (`--settings=.env`: start, dev, build, db) load it into the environment the build inherits,
  // so the tests' builds never see a developer's .env and the environment always wins over it.
  vite: { build: { assetsInlineLimit: 0 }, envDir: false },
});
