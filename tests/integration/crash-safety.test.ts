import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect.ts';
import { startShop } from '../support/shop-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('killing npm start mid-request', () => {
  it('loses no committed row, and the shop starts again on the same data', { timeout: 240_000 }, async () => {
    const shop = await startShop({ DATA_DIR: dataDir });
    const committed: string[] = [];
    let stop = false;
    // Four clients write carts back to back until the process dies under them.
    const writers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        try {
          const res = await fetch(`${shop.url}/api/cart`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ items: [] }),
          });
          if (res.ok) committed.push(((await res.json()) as { id: string }).id);
        } catch {
          return; // connection refused or reset: the server is gone
        }
      }
    });
    while (committed.length < 40) await new Promise((r) => setTimeout(r, 20));
    shop.child.kill('SIGKILL');
    await shop.stop();
    stop = true;
    await Promise.all(writers);
    expect(committed.length).toBeGreaterThanOrEqual(40);

    // The killed owner left its lock behind; a new start takes over and serves again.
    const again = await startShop({ DATA_DIR: dataDir });
    const res = await fetch(`${again.url}/api/collections`);
    expect(res.status).toBe(200);
    expect(await again.stop()).toBe(0);

    const handle = await openDatabase({ dataDir });
    try {
      const rows = await handle.db.selectFrom('carts').select('id').where('id', 'in', committed).execute();
      expect(rows.length).toBe(committed.length);
    } finally {
      await handle.close();
    }
  });
});
