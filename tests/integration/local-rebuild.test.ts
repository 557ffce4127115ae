import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startShop } from '../support/shop-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-rebuild-'));
const outDir = `dist-rebuild-${process.pid}`;
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  for (const dir of [outDir, `${outDir}-next`, `${outDir}-old`]) rmSync(dir, { recursive: true, force: true });
});

describe('an admin save under npm start', () => {
  it('rebuilds the public pages and the search index and swaps them in', { timeout: 240_000 }, async () => {
    const shop = await startShop({ DATA_DIR: dataDir, SKIP_BUILD: '0', SHOP_OUT_DIR: outDir }, 180_000);
    try {
      const password = readFileSync(join(dataDir, 'admin-password.txt'), 'utf8').trim();
      const login = await fetch(`${shop.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const collections = (await (await fetch(`${shop.url}/api/collections`)).json()) as { id: string; slug: string }[];
      const target = collections.find((c) => c.slug === 'city-champ-golf')!;
      expect(await (await fetch(`${shop.url}/collections`)).text()).not.toContain('City Champ Golf Classic');
      const searched = async () =>
        ((await (await fetch(`${shop.url}/api/search?q=golf`)).json()) as { results: { name: string }[] }).results.map(
          (r) => r.name,
        );
      // The search has read this build's index before the save.
      expect(await searched()).toContain('City Champ Golf');

      const save = await fetch(`${shop.url}/api/collections/${target.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'City Champ Golf Classic' }),
      });
      expect(save.status).toBe(200);

      const deadline = Date.now() + 120_000;
      let html = '';
      while (Date.now() < deadline) {
        html = await (await fetch(`${shop.url}/collections`)).text();
        if (html.includes('City Champ Golf Classic')) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      expect(html).toContain('City Champ Golf Classic');
      // The search answers from the rebuilt index too (docs/decisions/0018-search.md: current after an admin save).
      expect(await searched()).toContain('City Champ Golf Classic');
      expect(existsSync(`${outDir}-next`)).toBe(false);
      expect(shop.output()).toContain('rebuild: the new pages are live');
    } finally {
      await shop.stop();
    }
  });
});
