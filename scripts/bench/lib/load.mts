/**
 * Drives the shop with autocannon and sums up one scenario: latency percentiles over every
 * answer (2xx or not), answers per second, the count of each status and transport errors.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { type Arrivals, runArrivals } from './arrivals.mts';
import { asDistinctClients } from './distinct-clients.mts';
import { treeCpuSeconds } from './process-tree.mts';

export interface Scenario {
  name: string;
  /** The call as the table names it, e.g. `GET /api/products/slug/:slug`. */
  call: string;
  /** Cycled through by every connection (path, method, headers, body). */
  requests: autocannon.Request[];
  connections: number;
  /** Time bound of one round. */
  seconds: number;
  /** Count bound of one round, all connections together. */
  maxRequests?: number;
  /**
   * Each connection is a different client (its own loopback address) that makes at most this
   * many requests: how per-client throttles see real visitors. Unset: every connection comes
   * from 127.0.0.1, one client.
   */
  perClient?: number;
  /**
   * Timed like the reads, but each connection becomes a new client (a new loopback address)
   * after this many requests: many visitors each within per-client limits, for the whole run.
   * Run as back-to-back rounds of `perClient` requests per connection, not with autocannon's
   * reconnectRate: that drops the answer it reconnects on from every count and latency.
   */
  clientEvery?: number;
  /** Rounds run one after another (each with new clients when perClient is set). */
  rounds?: number;
  /** Non-2xx statuses that are right answers here (409 sold out, 429 throttled). */
  expected?: number[];
  /**
   * Open loop instead of autocannon's closed one: buyers arrive at a fixed pace, each a new
   * client, whether or not earlier ones were answered (`connections` caps those in flight).
   */
  arrivals?: Arrivals;
  /** Other load started before the scenario and stopped after it (its summary is kept beside the result). */
  alongside?: () => { stop(): Promise<unknown> };
}

export interface ScenarioResult {
  name: string;
  call: string;
  connections: number;
  requests: number;
  seconds: number;
  reqPerSec: number;
  latencyMs: { p50: number; p97_5: number; p99: number; max: number };
  statuses: Record<string, number>;
  non2xx: number;
  /** Connection errors and timeouts (no answer at all). */
  errors: number;
  /** 5xx answers and statuses the scenario does not expect. */
  failures: number;
  loadAverage: { before: number; after: number };
  /**
   * CPU milliseconds each watched process tree (and this one, autocannon's) spent per request:
   * unlike req/s, barely moved by other programs competing for the cores.
   */
  cpuMsPerRequest: Record<string, number>;
  /** The summary of the load that ran alongside, when the scenario has one. */
  alongside?: unknown;
}

/** Process trees whose CPU time a scenario reports, by name. */
export type Watched = Record<string, number>;

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return Number(value.toFixed(2));
}

export interface Round {
  latencies: number[];
  seconds: number;
  statuses: Record<string, number>;
  /** Connection errors and timeouts (no answer at all). */
  errors: number;
}

function statusCounts(result: autocannon.Result): Record<string, number> {
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stats?.count ?? 0;
  return statuses;
}

function runRound(url: string, scenario: Scenario): Promise<Round> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const started = performance.now();
    let last = started;
    const instance = autocannon(
      {
        url,
        connections: scenario.connections,
        duration: scenario.seconds,
        requests: scenario.requests,
        timeout: 10,
        // Checked every sampleInt: a round that ends early is noticed within 100 ms.
        sampleInt: 100,
        ...(scenario.perClient
          ? { maxConnectionRequests: scenario.perClient }
          : scenario.maxRequests
            ? { maxOverallRequests: scenario.maxRequests }
            : {}),
      },
      (error: unknown, result) => {
        if (error) reject(error);
        else
          resolve({
            latencies,
            seconds: (last - started) / 1000,
            statuses: statusCounts(result),
            errors: result.errors,
          });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      latencies.push(ms);
      last = performance.now();
    });
  });
}

function cpuNow(watched: Watched): Record<string, number> {
  const cpu: Record<string, number> = {};
  for (const [name, pid] of Object.entries(watched)) cpu[name] = treeCpuSeconds(pid);
  const own = process.cpuUsage();
  cpu['autocannon'] = (own.user + own.system) / 1e6;
  return cpu;
}

export async function runScenario(url: string, scenario: Scenario, watched: Watched = {}): Promise<ScenarioResult> {
  const before = loadavg()[0]!;
  const cpuBefore = cpuNow(watched);
  const rounds: Round[] = [];
  const alongside = scenario.alongside?.();
  if (scenario.arrivals) rounds.push(await runArrivals(url, scenario, scenario.arrivals));
  else if (scenario.clientEvery) {
    // New visitors every clientEvery requests, rounds until the scenario's time is spent.
    const visitors = { ...scenario, perClient: scenario.clientEvery };
    const started = performance.now();
    while (performance.now() - started < scenario.seconds * 1000) {
      rounds.push(await asDistinctClients(new URL(url), () => runRound(url, visitors)));
    }
  }
  for (let i = 0; i < (scenario.clientEvery || scenario.arrivals ? 0 : (scenario.rounds ?? 1)); i++) {
    const round = () => runRound(url, scenario);
    rounds.push(await (scenario.perClient ? asDistinctClients(new URL(url), round) : round()));
  }
  const alongsideSummary = await alongside?.stop();
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const round of rounds) {
    for (const [code, n] of Object.entries(round.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  }
  const expected = new Set(scenario.expected ?? []);
  const count = (keep: (status: number) => boolean) =>
    Object.entries(statuses).reduce((sum, [code, n]) => sum + (keep(Number(code)) ? n : 0), 0);
  const ok = (status: number) => status >= 200 && status < 300;
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const cpuAfter = cpuNow(watched);
  const cpuMsPerRequest: Record<string, number> = {};
  for (const name of Object.keys(cpuAfter)) {
    cpuMsPerRequest[name] = Number(((1000 * (cpuAfter[name]! - cpuBefore[name]!)) / latencies.length).toFixed(3));
  }
  return {
    name: scenario.name,
    call: scenario.call,
    connections: scenario.connections,
    requests: latencies.length,
    seconds: Number(seconds.toFixed(2)),
    reqPerSec: Math.round(latencies.length / seconds),
    latencyMs: {
      p50: percentile(latencies, 50),
      p97_5: percentile(latencies, 97.5),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
    },
    statuses,
    non2xx: count((s) => !ok(s)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    failures: count((s) => !ok(s) && (s >= 500 || !expected.has(s))),
    loadAverage: { before, after: loadavg()[0]! },
    cpuMsPerRequest,
    ...(alongside ? { alongside: alongsideSummary } : {}),
  };
}
