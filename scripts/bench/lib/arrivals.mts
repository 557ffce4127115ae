/**
 * An open-loop load: buyers arrive at a fixed pace, each a new client on its own connection from
 * its own loopback address, whether or not the ones before were answered. autocannon only runs
 * closed loops (a connection sends its next request when the last is answered; with a rate it
 * still starts every connection at once), which measures the queue its own connections make.
 * Each latency counts from the buyer's planned arrival, so a shop that falls behind is charged
 * for the wait (no coordinated omission).
 */
import http from 'node:http';
import type autocannon from 'autocannon';
import { nextClientAddress } from './distinct-clients.mts';
import type { Round, Scenario } from './load.mts';

export interface Arrivals {
  /** How many buyers arrive in all. */
  count: number;
  perSecond: number;
}

interface Answer {
  status: number | null;
  ms: number;
}

function send(url: URL, request: autocannon.Request, plannedAt: number, agent: http.Agent): Promise<Answer> {
  const setup = request.setupRequest;
  const prepared = typeof setup === 'function' ? setup(request, {}) : request;
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: prepared.path,
        method: prepared.method,
        headers: prepared.headers,
        localAddress: nextClientAddress(),
        agent,
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? null, ms: performance.now() - plannedAt }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: null, ms: performance.now() - plannedAt }));
    req.end(prepared.body);
  });
}

export async function runArrivals(origin: string, scenario: Scenario, arrivals: Arrivals): Promise<Round> {
  const url = new URL(origin);
  const { count, perSecond } = arrivals;
  // A new connection per buyer; at most `connections` open at once, later arrivals wait for one.
  const agent = new http.Agent({ keepAlive: false, maxSockets: scenario.connections });
  const request = scenario.requests[0]!;
  const started = performance.now();
  const answers: Promise<Answer>[] = [];
  for (let i = 0; i < count; i++) {
    const plannedAt = started + (i * 1000) / perSecond;
    const wait = plannedAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(send(url, request, plannedAt, agent));
  }
  const done = await Promise.all(answers);
  agent.destroy();
  const statuses: Record<string, number> = {};
  for (const { status } of done) if (status !== null) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    latencies: done.filter((a) => a.status !== null).map((a) => a.ms),
    seconds: (performance.now() - started) / 1000,
    statuses,
    errors: done.filter((a) => a.status === null).length,
  };
}
