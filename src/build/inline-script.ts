import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const SUFFIX = '?inline-script';

/**
 * `import code from './entry.ts?inline-script'` gives the entry bundled with everything it imports
 * into one self-contained, minified classic script (an IIFE), as a string, for a page to inline
 * with `<script is:inline set:html={code}>`. Such a script runs where it stands while the page is
 * parsed, before the first paint, which a module or a script file cannot promise. The build's CSP
 * allows it by the hash of its text like every inline script (src/server/security).
 *
 * esbuild bundles it (Astro's own dependency, the bundler Astro uses for its client directives);
 * CSS modules are not bundled here, so an entry takes class names from the page.
 */
export function inlineScriptPlugin(): Plugin {
  return {
    name: 'print-shop:inline-script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const entry = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return entry ? `${entry.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const result = await build({
        entryPoints: [id.slice(0, -SUFFIX.length)],
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        metafile: true,
        logLevel: 'silent',
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(resolve(input));
      return `export default ${JSON.stringify(result.outputFiles[0]!.text.trim())};`;
    },
  };
}
