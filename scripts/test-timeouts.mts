/**
 * `npm run test:timeouts [report.json ...]`: each browser test's time limit, from its measured
 * times. Reads Playwright JSON reports (test-reports/playwright.json unless named; CI keeps one
 * per run) and writes tests/e2e/timeouts.json: for every test that passed in them, twice its 95th
 * percentile time over every run and project, rounded up to 5 s, and never under 30 s (a test of
 * a few seconds still meets a cold browser or a slower day). Tests the reports do not name keep
 * their limit; a test with none gets the config's (playwright.config.ts). The file is read by
 * tests/support/e2e-test.ts, so a stuck test fails after about twice its usual time instead of
 * a limit set by habit.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { playwrightRuns } from './lib/test-reports.mts';

const TIMEOUTS_FILE = 'tests/e2e/timeouts.json';
const FLOOR_S = 30;
const STEP_S = 5;

/** The nearest-rank 95th percentile of `ms` (sorted or not). */
function p95(ms: readonly number[]): number {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/** Twice the 95th percentile, in whole seconds rounded up to STEP_S, at least FLOOR_S. */
function limitSeconds(ms: readonly number[]): number {
  return Math.max(FLOOR_S, Math.ceil((2 * p95(ms)) / 1000 / STEP_S) * STEP_S);
}

const reports = process.argv.slice(2);
if (reports.length === 0) reports.push('test-reports/playwright.json');
const times = new Map<string, number[]>();
for (const report of reports) {
  if (!existsSync(report)) throw new Error(`No report at ${report}: run the browser tests first`);
  for (const run of playwrightRuns(report)) {
    if (run.status !== 'passed') continue;
    times.set(run.title, [...(times.get(run.title) ?? []), run.ms]);
  }
}
const before: Record<string, number> = existsSync(TIMEOUTS_FILE)
  ? (JSON.parse(readFileSync(TIMEOUTS_FILE, 'utf8')) as { limits: Record<string, number> }).limits
  : {};
const limits: Record<string, number> = { ...before };
for (const [title, ms] of times) limits[title] = limitSeconds(ms);
const sorted = Object.fromEntries(Object.entries(limits).sort(([a], [b]) => a.localeCompare(b)));
const file = {
  about: 'Seconds each browser test may take: 2 x its p95 measured time, at least 30 (npm run test:timeouts).',
  limits: sorted,
};
writeFileSync(TIMEOUTS_FILE, `${JSON.stringify(file, null, 2)}\n`);
const changed = Object.keys(sorted).filter((t) => before[t] !== sorted[t]).length;
console.log(`${TIMEOUTS_FILE}: ${Object.keys(sorted).length} tests, ${changed} limits new or changed`);
