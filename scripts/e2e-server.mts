/** Starts `npm start` on a fresh copy of the seeded demo shop for the browser tests. */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env['DATA_DIR'] ?? '.data/e2e');
rmSync(dataDir, { recursive: true, force: true });
await import('./start.mts');
