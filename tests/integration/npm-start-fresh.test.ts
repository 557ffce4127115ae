import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ShopProcess, startShop } from '../support/shop-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-fresh-start-'));
const outDir = `dist-fresh-start-${process.pid}`;

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('npm start on a chosen port, without SITE_URL or SMTP_URL', () => {
  let shop: ShopProcess;
  let port: number;
  beforeAll(async () => {
    cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    port = await freePort();
    // SITE_URL, URL and SMTP_URL unset for this shop, whatever the machine running the tests has.
    shop = await startShop(
      {
        DATA_DIR: dataDir,
        SKIP_BUILD: '0',
        SHOP_OUT_DIR: outDir,
        PORT: String(port),
        SITE_URL: '',
        URL: '',
        SMTP_URL: '',
      },
      180_000,
    );
  }, 240_000);
  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  });

  it('builds canonical URLs, the sitemap and robots.txt for the port it serves on', async () => {
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
  });

  it('starts with lines that inform, none that reads like a failure', () => {
    const lines = shop
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\[shop\] database: up to date \(PGlite in \S+, [\d.]+ s\)$/),
        expect.stringMatching(/^\[shop\] build: done in [\d.]+ s$/),
        '[shop] functions: sweep runs every 60 s in this process; Netlify runs it on the schedule */5 * * * *',
        '[shop] functions: send-mail runs every 10 s in this process; Netlify runs it on the schedule */5 * * * *',
        '[shop] mail: SMTP_URL is not set, so each e-mail is printed here instead of sent',
        `[shop] the shop is running at http://localhost:${port}`,
        expect.stringMatching(new RegExp(`^\\[shop\\] admin: http://localhost:${port}/admin {2}password: \\S+$`)),
      ]),
    );
    for (const line of lines) expect(line).not.toMatch(/ignored|fail|error|not found|warn|missing|invalid/i);
  });
});
