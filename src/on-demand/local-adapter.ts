import type { AstroIntegration } from 'astro';

/**
 * Where a local build puts the server bundle of its on-demand pages, inside the build's own
 * folder (so a rebuild's swap moves it with the pages). The local server never serves this
 * folder as static files (scripts/server/request-handler.mts).
 */
export const SERVER_DIR = '_server';
/** The bundle's entry file inside SERVER_DIR; it exports `handle` (./local-entry.ts). */
export const SERVER_ENTRY = 'entry.mjs';

/**
 * The adapter of the builds `npm start` serves itself (its first build, rebuilds, tests): pages
 * with `export const prerender = false` are bundled into `<outDir>/_server/entry.mjs`, whose
 * `handle` the local server calls for a request no file or function answers. Netlify's adapter
 * does the same in production, but writes its function into the one shared `.netlify/` folder,
 * which parallel local builds would overwrite in each other (astro.config.mjs).
 */
export function localAdapter(outDir: string): AstroIntegration {
  return {
    name: 'print-shop:local-adapter',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const root = new URL(`${outDir.replace(/\/$/, '')}/`, config.root);
        updateConfig({ build: { client: root, server: new URL(`${SERVER_DIR}/`, root), serverEntry: SERVER_ENTRY } });
      },
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'print-shop:local-adapter',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./local-entry.ts', import.meta.url),
          adapterFeatures: { middlewareMode: 'classic' },
          supportedAstroFeatures: {
            hybridOutput: 'stable',
            staticOutput: 'stable',
            serverOutput: 'stable',
            sharpImageService: 'stable',
            envGetSecret: 'stable',
          },
        });
      },
    },
  };
}
