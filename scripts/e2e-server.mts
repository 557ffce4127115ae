/** Starts `npm start` on a fresh copy of the seeded demo shop for the browser tests. */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env['DATA_DIR'] ?? '.data/e2e');
rmSync(dataDir, { recursive: true, force: true });
// Every browser test is one client (127.0.0.1), and the suite as a whole checks out more often
// than one visitor may; the per-client limits themselves are proven by the integration tests.
process.env['CHECKOUT_RATE_LIMIT'] ??= '1000';
process.env['CHECKOUT_MAX_OPEN_HOLDS'] ??= '1000';
await import('./start.mts');
