/**
 * `npm run bench:web`: builds the shop, serves it compressed, runs Lighthouse (mobile, default
 * simulated throttling, Debian Chromium) five times on each measured page, and records the
 * median and worst run of each metric plus the JavaScript each page loads before any
 * interaction (gzip bytes) in bench/web.json and docs/benchmarks.md. `cart-items` is the cart
 * page of a returning visitor: two lines are in browser storage before the page loads; `store`
 * is the first public team store's page.
 *
 * Pages are served over HTTP/2 by default, as Netlify's edge serves the deployed shop, through a
 * TLS front to the local server (lib/http2-front.mts says why it matters to Lighthouse);
 * BENCH_PROTOCOL=http1 measures the local server's HTTP/1.1 directly.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { cartLine } from '../../src/lib/cart/add-to-cart.ts';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { startShop } from '../../tests/support/shop-process.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mts';
import { startHttp2Front } from './lib/http2-front.mts';
import {
  keepSlowRun,
  type Lhr,
  lcpBreakdown,
  metrics,
  type Page,
  runLighthouse,
  scriptGzipBytes,
} from './lib/lighthouse-runs.mts';
import { table, writeDocSection } from './lib/report.mts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const PROTOCOL = process.env['BENCH_PROTOCOL'] === 'http1' ? 'HTTP/1.1' : 'HTTP/2';

/** A line of `slug` as the product page adds it: its first colour and size, its minimum quantity or `quantity`. */
async function storedLine(base: string, slug: string, quantity: number): Promise<CartItem> {
  const product = (await (await fetch(`${base}/api/products/slug/${slug}`)).json()) as ProductDetail;
  return cartLine(product, {
    colorId: product.colors[0]?.id ?? null,
    sizeId: product.sizes[0]?.id ?? null,
    quantity: Math.max(quantity, product.minimum_quantity),
  });
}

/** The first product priced by the owner's lists (its card says "from $X each"), if the seed has one. */
function listPricedPage(
  catalog: { collection: { slug: string }; products: { slug: string; from_price?: unknown }[] }[],
) {
  for (const { collection, products } of catalog) {
    const product = products.find((p) => p.from_price);
    if (product) return { 'product-lists': { path: `/collections/${collection.slug}/products/${product.slug}` } };
  }
  console.warn('product-lists: no product in the catalogue is priced by a list; not measured');
  return {};
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const shop = await startShop({ DATA_DIR: dataDir, SKIP_BUILD: '0', SHOP_OUT_DIR: 'dist-bench' }, 240_000);
  const catalog = (await (await fetch(`${shop.url}/api/catalog`)).json()) as {
    collection: { slug: string };
    products: { slug: string; from_price?: unknown }[];
  }[];
  const first = catalog.find((c) => c.products.length > 0)!;
  const second = catalog.flatMap((c) => c.products).find((p) => p.slug !== first.products[0]!.slug)!;
  // The first public team store the sitemap lists (the demo shop opens one): its page, pre-rendered.
  const sitemap = await (await fetch(`${shop.url}/sitemap.xml`)).text();
  const storePath = sitemap.match(/<loc>[^<]*?(\/stores\/[^<]+)<\/loc>/)?.[1];
  if (!storePath) console.warn('store: no public store in the sitemap; not measured');
  const storedCart = [
    await storedLine(shop.url, first.products[0]!.slug, 2),
    await storedLine(shop.url, second.slug, 1),
  ];
  const pages: Record<string, Page> = {
    home: { path: '/' },
    catalog: { path: '/catalog' },
    collection: { path: `/collections/${first.collection.slug}` },
    product: { path: `/collections/${first.collection.slug}/products/${first.products[0]!.slug}` },
    // A product priced by the owner's lists (docs/decisions/0027-price-lists.md): its method controls and the engine.
    ...listPricedPage(catalog),
    cart: { path: '/cart' },
    'cart-items': { path: '/cart', storage: { cart: JSON.stringify(storedCart) } },
    contact: { path: '/contact' },
    about: { path: '/about' },
    privacy: { path: '/privacy-policy' },
    services: { path: '/services' },
    collections: { path: '/collections' },
    testimonials: { path: '/testimonials' },
    // A team store's page (docs/decisions/0030-team-stores.md): its countdown and pieces sold.
    ...(storePath ? { store: { path: storePath } } : {}),
  };
  // BENCH_PAGES=home,catalog measures a subset: printed, and kept apart from the whole run's record.
  const only = process.env['BENCH_PAGES']?.split(',');
  if (only) for (const name of Object.keys(pages)) if (!only.includes(name)) delete pages[name];
  const front = PROTOCOL === 'HTTP/2' ? await startHttp2Front(shop.url) : null;
  const base = front?.url ?? shop.url;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // The front's certificate is self-signed, made for this run.
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS, ...(front ? ['--ignore-certificate-errors'] : [])],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const results: Record<string, unknown> = {};
  try {
    for (const [name, page] of Object.entries(pages)) {
      const { path } = page;
      const runs: Lhr[] = [];
      // One unmeasured run first: it fills the image cache, as Netlify's Image CDN would be
      // warm for real visitors (a cold AVIF encode here costs ~0.9 s per image).
      await runLighthouse(`${base}${path}`, page, chrome.port, browser);
      // A run Lighthouse could not complete (no paint recorded, a runtime error) is reported and
      // replaced, up to as many extra runs as measured ones.
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt++) {
        const result = await runLighthouse(`${base}${path}`, page, chrome.port, browser);
        const lhr = result?.lhr;
        const fcp = lhr?.audits['first-contentful-paint']?.numericValue;
        if (lhr && !lhr.runtimeError && typeof fcp === 'number') {
          runs.push(lhr);
          keepSlowRun(name, runs.length, lhr, result.artifacts);
        } else
          console.warn(
            `${name}: run ${attempt + 1} incomplete (${lhr?.runtimeError?.code ?? 'no FCP'}); running again`,
          );
      }
      const median = computeMedianRun(runs) as Lhr;
      const all = runs.map(metrics);
      const requests =
        (median.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)
          ?.items ?? [];
      const scripts = requests
        .filter((r) => r.resourceType === 'Script' && r.url.startsWith(base))
        .map((r) => {
          const { pathname, search } = new URL(r.url);
          return `${shop.url}${pathname}${search}`;
        });
      results[name] = {
        path,
        median: metrics(median),
        worst: {
          score: Math.min(...all.map((m) => m.score)),
          lcpMs: Math.max(...all.map((m) => m.lcpMs)),
          cls: Math.max(...all.map((m) => m.cls)),
          tbtMs: Math.max(...all.map((m) => m.tbtMs)),
        },
        lcp: lcpBreakdown(median),
        jsGzipBytes: await scriptGzipBytes(scripts),
        scripts: scripts.map((u) => new URL(u).pathname),
      };
      console.log(name, JSON.stringify(results[name]));
      console.log(
        `${name} runs: TBT ms ${all.map((m) => m.tbtMs).join(', ')}; LCP ms ${all.map((m) => m.lcpMs).join(', ')}`,
      );
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    await front?.close();
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync('dist-bench', { recursive: true, force: true });
  }
  const record = {
    measuredAt: new Date().toISOString(),
    runs: RUNS,
    lighthouse: 'mobile, simulated throttling',
    protocol: PROTOCOL,
    pages: results,
  };
  // A subset is a spot check: it must not replace the record of the whole run (it did once).
  const subset = only !== undefined;
  const recordFile = subset ? join(tmpdir(), 'bench-web-subset.json') : 'bench/web.json';
  writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
  type Result = {
    path: string;
    median: ReturnType<typeof metrics>;
    worst: Omit<ReturnType<typeof metrics>, 'fcpMs'>;
    jsGzipBytes: number;
  };
  // The floor: the lowest median LCP of the run (a page with nothing but text and the layout).
  // The target is every storefront page within 1.15× of it, in the same run.
  const floorLcpMs = Math.min(...Object.values(results).map((r) => (r as Result).median.lcpMs));
  const rows = Object.entries(results).map(([name, r]) => {
    const v = r as Result;
    return [
      name,
      `\`${v.path}\``,
      v.median.score,
      v.worst.score,
      v.median.lcpMs,
      (v.median.lcpMs / floorLcpMs).toFixed(2),
      v.worst.lcpMs,
      v.median.cls,
      v.worst.cls,
      v.median.tbtMs,
      v.worst.tbtMs,
      (v.jsGzipBytes / 1024).toFixed(1),
    ];
  });
  const headers = [
    'page',
    'path',
    'score (median)',
    'score (worst)',
    'LCP ms (median)',
    'LCP × floor',
    'LCP ms (worst)',
    'CLS (median)',
    'CLS (worst)',
    'TBT ms (median)',
    'TBT ms (worst)',
    'JS KB gzip',
  ];
  if (subset) {
    console.log(`${PROTOCOL}\n${table(headers, rows)}`);
    console.log(`wrote ${recordFile}; a subset leaves bench/web.json and docs/benchmarks.md as they were`);
    return;
  }
  writeDocSection(
    'web',
    'Web (Lighthouse, `npm run bench:web`)',
    `Measured ${record.measuredAt.slice(0, 10)}: Lighthouse ${RUNS} runs per page, mobile with default simulated throttling, Debian Chromium, pages served compressed by \`npm start\` over ${PROTOCOL}${front ? ' (a TLS front, as Netlify serves the site)' : ''}. The floor is the run's lowest median LCP; the target is every page within 1.15× of it. JS is the gzip size of the scripts a page loads before any interaction.\n\n` +
      table(headers, rows),
  );
  console.log('wrote bench/web.json and docs/benchmarks.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
