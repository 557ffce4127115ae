/**
 * The artwork bench's docs/decisions/0025-hardening.md half: how long the worst file of the hostile corpus takes to
 * check, and what four long checks at once do to the home page (its p99 against a baseline
 * measured in the same run, with no checks). The second drives `npm start`'s server on a
 * throwaway PostgreSQL, serving the local-server fixture site (or BENCH_SITE) as its pages.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspectArtwork } from '../../../src/server/artwork/inspect.ts';
import { localArtworkStore } from '../../../src/server/artwork/local-store.ts';
import { artworkStore, installArtworkStore, originalKey } from '../../../src/server/artwork/store.ts';
import { createArtworkUpload } from '../../../src/server/artwork/uploads.ts';
import { openDatabase } from '../../../src/server/db/connect.ts';
import { DomainError } from '../../../src/server/errors.ts';
import { statusOf } from '../../../src/server/http.ts';
import { hostileArtwork } from '../../../tests/support/artwork-files.ts';
import { blackPng, nestedUseSvg, slowSvg } from '../../../tests/support/hostile/artwork-bombs.ts';
import { startPostgres } from '../../../tests/support/postgres-server.ts';
import { startShop } from '../../../tests/support/shop-process.ts';
import { runScenario, type ScenarioResult } from './load.mts';

export interface CheckTime {
  name: string;
  ms: number;
  /** CPU time of this process and of the check processes it ended (Linux; null elsewhere). */
  cpuMs: number | null;
  answer: number | 'accepted';
}

/** utime + stime + cutime + cstime of this process, in ms: by the clock is mostly load on a shared machine. */
function cpuWithChildrenMs(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'latin1').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 0, utime 11, stime 12, cutime 13, cstime 14 (clock ticks of 10 ms).
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10;
  } catch {
    return null;
  }
}

/** Every hostile file checked as the service checks it (inspectArtwork), one at a time. */
export async function hostileCheckTimes(): Promise<CheckTime[]> {
  const times: CheckTime[] = [];
  for (const { name, bytes } of await hostileArtwork()) {
    const started = performance.now();
    const cpuBefore = cpuWithChildrenMs();
    let answer: CheckTime['answer'] = 'accepted';
    try {
      await inspectArtwork(bytes);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      answer = statusOf(error);
    }
    const cpuAfter = cpuWithChildrenMs();
    const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    times.push({ name, ms: performance.now() - started, cpuMs, answer });
  }
  return times.sort((a, b) => b.ms - a.ms);
}

const OWNER = 'bench-owner-token-0123456789abcdefghijklm';

/**
 * POSTs JSON to the shop from a loopback address of its own and answers the status: the check
 * slots are shared by address (docs/decisions/0041-outside-audit.md item 4), so four checks at
 * once take four customers.
 */
function postFrom(localAddress: string, url: URL, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
/** The costliest files to check: one drawn until the time limit, a 100-million-pixel PNG, a bomb. */
const HEAVY = [slowSvg(), blackPng(10_000, 10_000), nestedUseSvg(4, 10, true)];

export interface HomeUnderChecks {
  baseline: ScenarioResult;
  underChecks: ScenarioResult;
  checks: Record<string, number>;
}

export async function homeUnderChecks(seconds: number, connections = 4): Promise<HomeUnderChecks> {
  const postgres = await startPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-artwork-'));
  const site =
    process.env['BENCH_SITE'] ?? fileURLToPath(new URL('../../../tests/fixtures/local-server/site', import.meta.url));
  const shop = await startShop({
    DATABASE_URL: postgres.url(),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SHOP_OUT_DIR: site,
  });
  const database = await openDatabase({ url: postgres.url(), maxConnections: 2 });
  installArtworkStore(localArtworkStore(join(dataDir, 'artwork')));
  try {
    const home = {
      name: 'home',
      call: 'GET /',
      requests: [{ method: 'GET' as const, path: '/' }],
      connections,
      seconds,
    };
    await runScenario(shop.url, { ...home, seconds: 2 });
    const baseline = await runScenario(shop.url, home);
    const checks: Record<string, number> = {};
    let running = true;
    // Four checkers, each from an address of its own, sending its next file as soon as the last is answered.
    const checkers = [0, 1, 2, 3].map(async (n) => {
      for (let round = n; running; round++) {
        const bytes = HEAVY[round % HEAVY.length]!;
        const { artworkId } = await createArtworkUpload(database.db, {
          fileName: 'x',
          size: bytes.length,
          ownerToken: OWNER,
        });
        await artworkStore().write(originalKey(artworkId), bytes, 'application/octet-stream');
        const status = await postFrom(`127.0.0.${11 + n}`, new URL(`/api/artwork/${artworkId}/check`, shop.url), {
          ownerToken: OWNER,
        });
        checks[status] = (checks[status] ?? 0) + 1;
      }
    });
    // The first checks start drawing before the timed run.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const underChecks = await runScenario(shop.url, home);
    running = false;
    await Promise.all(checkers);
    return { baseline, underChecks, checks };
  } finally {
    installArtworkStore(undefined);
    await database.close();
    await shop.stop();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
