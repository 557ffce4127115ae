import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect.ts';
import { DatabaseInUseError } from '../../src/server/db/pglite-lock.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'shop-owner-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database has one owner', () => {
  it('refuses a second open in this process or another while the owner lives, then allows it', {
    timeout: 60_000,
  }, async () => {
    const owner = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseInUseError);
      const other = await run(process.execPath, [
        '-e',
        `import('./src/server/db/connect.ts').then((m) => m.openDatabase({ dataDir: ${JSON.stringify(dataDir)} })).then(() => console.log('opened'), (e) => console.log(e.name + ': ' + e.message))`,
      ]);
      expect(other.stdout).toContain(
        `DatabaseInUseError: The embedded database in ${dataDir} is already open in process ${process.pid}`,
      );
    } finally {
      await owner.close();
    }
    const next = await openDatabase({ dataDir });
    await next.close();
  });
});
