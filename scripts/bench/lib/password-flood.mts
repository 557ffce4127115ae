/**
 * Wrong passwords from many addresses while the home page is read
 * (docs/decisions/0041-password-checks.md). Each attacker is a client of its own (its own
 * loopback address, one kept-alive connection: the shop reads the peer address and trusts no
 * X-Forwarded-For) sending one wrong password a second, the shop password, a staff member's
 * e-mail and password and a store's checkout password in turn, whatever the answers. The home page's p99
 * under it is judged against the same page's p99 alone in the same run.
 */
import http from 'node:http';
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../../../src/server/auth/password-hash.ts';
import type { Database } from '../../../src/server/db/types.ts';
import { nextClientAddress } from './distinct-clients.mts';

export const HOME_PAGE = 'home page';
export const HOME_UNDER_FLOOD = 'home page, 60 wrong passwords from 60 addresses';
export const FLOOD_ADDRESSES = 60;
/** The home page's visitors: each a new connection from its own address, at this pace. */
export const HOME_VISITORS_PER_SECOND = 50;
/** Within 2× the home page's p99 alone, in the same run (issue 45). */
export const FLOOD_MAX_RATIO = 2;
/** A staff member the flood guesses the password of by e-mail (./api.mts makes the account). */
export const FLOOD_STAFF_EMAIL = 'press-operator@bench.example';
export const LOCKED_STORE_SLUG = 'bench-store-with-password';

/** A copy of the seeded open team store with a password (its designs are not needed: the password is checked first). */
export async function prepareLockedStore(db: Kysely<Database>): Promise<string> {
  const hash = await hashPassword('the organiser’s long password');
  await sql`
    insert into stores (slug, name, organiser_name, organiser_email, visibility, password_hash, opens_at, closes_at,
      minimum_per_design, missed_minimum, delivery, delivery_days_min, delivery_days_max, status, approved_at)
    select ${LOCKED_STORE_SLUG}, 'Bench store with a password', organiser_name, organiser_email, 'private', ${hash},
      opens_at, closes_at, minimum_per_design, missed_minimum, delivery, delivery_days_min, delivery_days_max,
      status, approved_at
    from stores where slug = 'city-champ-golf-2026'`.execute(db);
  return LOCKED_STORE_SLUG;
}

export interface FloodSummary {
  requests: number;
  statuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  p50Ms: number;
  p99Ms: number;
}

export interface Flood {
  stop(): Promise<FloodSummary>;
}

interface Attempt {
  path: string;
  body: string;
}

function send(url: URL, attempt: Attempt, agent: http.Agent, origin: string, localAddress: string) {
  return new Promise<number | null>((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: attempt.path,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        agent,
        localAddress,
        timeout: 60_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? null));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
    req.end(attempt.body);
  });
}

/** Starts the attackers; `stop()` lets each finish its request in flight and sums them up. */
export function startPasswordFlood(origin: string, storeSlug: string, storeBody: unknown): Flood {
  const url = new URL(origin);
  let stopped = false;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let guess = 0;
  const attempts = (i: number): Attempt =>
    i % 3 === 0
      ? { path: '/api/admin/login', body: JSON.stringify({ password: `wrong guess ${++guess}` }) }
      : i % 3 === 1
        ? {
            path: '/api/admin/login',
            body: JSON.stringify({ email: FLOOD_STAFF_EMAIL, password: `wrong guess ${++guess}` }),
          }
        : {
            path: `/api/stores/${storeSlug}/checkout`,
            body: JSON.stringify({ ...(storeBody as object), password: `wrong guess ${++guess}` }),
          };
  const attacker = async (n: number) => {
    const localAddress = nextClientAddress();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = n; !stopped; i++) {
      const started = performance.now();
      const status = await send(url, attempts(i), agent, origin, localAddress);
      latencies.push(performance.now() - started);
      if (status === null) errors++;
      else statuses[status] = (statuses[status] ?? 0) + 1;
      const wait = 1000 - (performance.now() - started);
      if (wait > 0 && !stopped) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    agent.destroy();
  };
  const running = Array.from({ length: FLOOD_ADDRESSES }, (_, n) => attacker(n));
  return {
    async stop() {
      stopped = true;
      await Promise.all(running);
      const sorted = latencies.sort((a, b) => a - b);
      const at = (p: number) => Number((sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1));
      return { requests: sorted.length, statuses, errors, p50Ms: at(50), p99Ms: at(99) };
    },
  };
}
