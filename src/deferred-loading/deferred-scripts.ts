import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { WAKE_EVENTS } from './wake-events.ts';
import { htmlFiles } from '../build/html-files.ts';
import { hoistIslandStyles } from '../build/island-styles.ts';

/** The module scripts Astro bundles from a page's `<script>` tags (header, cart badge, forms, carousels). */
const BUNDLED_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;

/**
 * The one inline script that replaces them: it imports them once the page has loaded and its
 * first paint is on screen, or at once on the first sign that a person is about to use the page
 * (src/deferred-loading/after-paint.ts waits the same way for islands). Until then the page works as
 * plain HTML: links, forms and drawers opened by invoker commands need no script. Once every
 * script has run, `<html>` carries `data-enhanced`.
 */
export function loaderScript(urls: readonly string[]): string {
  return [
    `const urls=${JSON.stringify(urls)};`,
    'let start=()=>{start=null;',
    "Promise.all(urls.map((url)=>import(url).catch((error)=>console.error('[page] script failed to load:',url,error))))",
    ".then(()=>{document.documentElement.dataset.enhanced=''})};",
    'const wake=()=>start?.();',
    `for(const type of ${JSON.stringify(WAKE_EVENTS)})addEventListener(type,wake,{capture:true,once:true,passive:true});`,
    // The page has painted (the paint entry is reported once the frame is on screen), then two
    // more frames for images that finished with the load event.
    'const twoFrames=()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(wake)));',
    "const afterPaint=()=>PerformanceObserver.supportedEntryTypes?.includes('paint')?new PerformanceObserver((_,o)=>{o.disconnect();twoFrames()}).observe({type:'paint',buffered:true}):twoFrames();",
    "if(document.readyState==='complete')afterPaint();else addEventListener('load',afterPaint,{once:true});",
  ].join('');
}

/**
 * Moves a page's bundled scripts off its critical path. As `<script type="module" src>` in the
 * head they download while the page's HTML, hero image and text are still arriving, and on a slow
 * link they compete with them for the first paint; loaded after it they never do. A page
 * without bundled scripts is returned as it was.
 */
export function deferPageScripts(html: string): string {
  const urls = [...html.matchAll(BUNDLED_SCRIPT)].map((match) => match[1]!);
  if (urls.length === 0) return html;
  const loader = `<script type="module" data-deferred-scripts>${loaderScript([...new Set(urls)])}</script>`;
  const rest = html.replace(BUNDLED_SCRIPT, '');
  const end = rest.lastIndexOf('</body>');
  if (end === -1) throw new Error('deferPageScripts: the page has no </body>');
  return `${rest.slice(0, end)}${loader}${rest.slice(end)}`;
}

/**
 * After `astro build`: every page loads its bundled scripts after `load` (deferPageScripts), and
 * Astro's island rule moves to the head (hoistIslandStyles; in the same pass, each page being read
 * once). Runs before the security integration, which allows the loader by its hash in each page's CSP.
 */
export function deferredScriptsIntegration(): AstroIntegration {
  return {
    name: 'print-shop:deferred-scripts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const outDir = fileURLToPath(dir);
        let changed = 0;
        for (const file of await htmlFiles(outDir)) {
          // Read and written as latin1: the same bytes back, and one byte a character in memory,
          // so a page never becomes a two-byte string big enough for V8's large-object space
          // (which only a full collection frees: 10,000 such pages raised the build's peak memory).
          const html = await readFile(file, 'latin1');
          const deferred = deferPageScripts(hoistIslandStyles(html));
          if (deferred === html) continue;
          await writeFile(file, deferred, 'latin1');
          changed++;
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(`${changed} pages load their scripts once painted (${seconds} s)`);
      },
    },
  };
}
