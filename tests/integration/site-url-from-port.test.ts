import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startShop } from '../support/shop-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-site-url-'));
const outDir = `dist-site-url-${process.pid}`;
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('npm start without SITE_URL', () => {
  it('builds canonical URLs, the sitemap and robots.txt for the port it serves on', { timeout: 240_000 }, async () => {
    cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    const port = await freePort();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      SKIP_BUILD: '0',
      SHOP_OUT_DIR: outDir,
      PORT: String(port),
    };
    // Unset for this shop, whatever the machine running the tests has.
    const shop = await startShop({ ...env, SITE_URL: '', URL: '' }, 180_000);
    try {
      const origin = `http://localhost:${port}`;
      expect(shop.url).toBe(origin);

      const robots = await (await fetch(`${origin}/robots.txt`)).text();
      expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);

      const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
      const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeGreaterThan(10);
      for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true);
      expect(locs).toContain(`${origin}/catalog`);

      const about = await (await fetch(`${origin}/about`)).text();
      expect(about).toContain(`<link rel="canonical" href="${origin}/about">`);
      const home = await (await fetch(`${origin}/`)).text();
      expect(home).toContain(`<link rel="canonical" href="${origin}/">`);
    } finally {
      await shop.stop();
    }
  });
});
