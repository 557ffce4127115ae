/**
 * `npm run test:slowest [N]`: where the test suite's time goes, read from the JSON reports the
 * last run wrote (test-reports/vitest.json and test-reports/playwright.json; CI prints the
 * folder). Prints each project's runs, summed test time and wall time (first start to last end),
 * then the N slowest test runs (30 unless given).
 */
import { existsSync } from 'node:fs';
import { playwrightRuns, type Run, vitestRuns } from './lib/test-reports.mts';

const REPORTS = process.env['TEST_REPORTS_DIR'] ?? 'test-reports';
const limit = Number(process.argv[2] ?? 30);

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const runs: Run[] = [];
for (const [name, read] of [
  ['vitest.json', vitestRuns],
  ['playwright.json', playwrightRuns],
] as const) {
  const file = `${REPORTS}/${name}`;
  if (existsSync(file)) runs.push(...read(file));
  else console.log(`(no ${file}: run the tests first)`);
}

const projects = new Map<string, Run[]>();
for (const run of runs) projects.set(run.project, [...(projects.get(run.project) ?? []), run]);
console.log('project            runs  failed  test time    wall time');
for (const [project, list] of [...projects].sort()) {
  const total = list.reduce((sum, r) => sum + r.ms, 0);
  const wall = Math.max(...list.map((r) => r.start + r.ms)) - Math.min(...list.map((r) => r.start));
  const failed = list.filter((r) => !['passed', 'skipped', 'pending'].includes(r.status)).length;
  console.log(
    `${project.padEnd(18)} ${String(list.length).padStart(4)}  ${String(failed).padStart(6)}  ${minutes(total).padStart(9)}  ${minutes(wall).padStart(11)}`,
  );
}

console.log(`\nthe ${limit} slowest test runs`);
for (const run of [...runs].sort((a, b) => b.ms - a.ms).slice(0, limit)) {
  console.log(`${(run.ms / 1000).toFixed(1).padStart(7)} s  [${run.project}] ${run.title}`);
}
