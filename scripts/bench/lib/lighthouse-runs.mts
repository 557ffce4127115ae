/**
 * One Lighthouse run of a page for `npm run bench:web` (a stored cart's page in a tab of its own),
 * and what the bench reads from its report: the metrics, the LCP element and its breakdown, the
 * scripts' gzip bytes, and the artifacts of a run over the TBT target.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Browser } from 'puppeteer-core';

export type Lhr =
  Awaited<ReturnType<typeof lighthouse>> extends infer R ? (R extends { lhr: infer L } ? L : never) : never;

export async function scriptGzipBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit);
    const length = Number(res.headers.get('content-length') ?? 0);
    total += length || (await res.arrayBuffer()).byteLength;
  }
  return total;
}

export function metrics(lhr: Lhr) {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(audit('total-blocking-time')),
    fcpMs: Math.round(audit('first-contentful-paint')),
  };
}

/**
 * What the median run's largest paint was and where its time went (observed in the trace, not
 * simulated): the element's selector and each part of Lighthouse's LCP breakdown, in ms.
 */
export function lcpBreakdown(lhr: Lhr) {
  type Item = { type?: string; selector?: string; snippet?: string; items?: { subpart?: string; duration?: number }[] };
  const items = ((lhr.audits['lcp-breakdown-insight']?.details as { items?: Item[] } | undefined)?.items ??
    []) as Item[];
  const node = items.find((item) => item.type === 'node');
  const parts = Object.fromEntries(
    items
      .flatMap((item) => item.items ?? [])
      .filter((part) => part.subpart)
      .map((part) => [part.subpart, Math.round(part.duration ?? 0)]),
  );
  return { element: node?.snippet ?? node?.selector ?? null, parts };
}

export interface Page {
  path: string;
  /** localStorage entries the page finds when it loads (a returning visitor's cart). */
  storage?: Record<string, string>;
}

const lighthouseFlags = () => ({
  onlyCategories: ['performance'],
  output: 'json' as const,
  logLevel: 'error' as const,
});

/**
 * One Lighthouse run. A page with storage runs in a tab of its own where the storage was written
 * first; Lighthouse then keeps it (disableStorageReset), so the HTTP cache is cleared here instead,
 * as Lighthouse clears it for every other page: each run loads the page cold.
 */
export async function runLighthouse(url: string, page: Page, port: number, browser: Browser) {
  if (!page.storage) return lighthouse(url, { port, ...lighthouseFlags() });
  const tab = await browser.newPage();
  try {
    await tab.goto(new URL('/robots.txt', url).href);
    await tab.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, page.storage);
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    // Lighthouse bundles its own puppeteer-core types; the page is the same object at run time.
    const asLighthousePage = tab as unknown as Parameters<typeof lighthouse>[3];
    return await lighthouse(url, { ...lighthouseFlags(), disableStorageReset: true }, undefined, asLighthousePage);
  } finally {
    await tab.close();
  }
}

const TBT_TARGET_MS = 50;
const slowRunsDir = join(tmpdir(), 'bench-web-slow-runs');

/** A run over the TBT target keeps its Lighthouse artifacts (trace included) for reading. */
export function keepSlowRun(name: string, run: number, lhr: Lhr, artifacts: unknown) {
  const tbt = metrics(lhr).tbtMs;
  if (tbt <= TBT_TARGET_MS) return;
  mkdirSync(slowRunsDir, { recursive: true });
  const file = join(slowRunsDir, `${name}-run${run}.json`);
  writeFileSync(file, JSON.stringify({ lhr, artifacts }));
  console.warn(`${name}: run ${run} TBT ${tbt} ms; its artifacts are in ${file}`);
}
