/** The runs of a test suite's JSON reports (vitest's and Playwright's), one per test run. */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface Run {
  project: string;
  title: string;
  ms: number;
  status: string;
  start: number;
}

export function vitestRuns(file: string): Run[] {
  interface VitestFile {
    name: string;
    startTime: number;
    assertionResults: { fullName: string; duration?: number | null; status: string }[];
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as { testResults: VitestFile[] };
  return report.testResults.flatMap((f) => {
    const path = relative(process.cwd(), f.name);
    const project = path.split('/')[1] ?? 'vitest';
    let start = f.startTime;
    return f.assertionResults.map((t) => {
      const run = { project, title: `${path} › ${t.fullName}`, ms: t.duration ?? 0, status: t.status, start };
      start += run.ms;
      return run;
    });
  });
}

export function playwrightRuns(file: string): Run[] {
  interface Result {
    duration: number;
    status: string;
    startTime: string;
  }
  interface Suite {
    title: string;
    file?: string;
    specs?: { title: string; tests: { projectName: string; results: Result[] }[] }[];
    suites?: Suite[];
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: Suite[] };
  const runs: Run[] = [];
  const walk = (suite: Suite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) {
          runs.push({
            project: `e2e ${test.projectName}`,
            title: [...path, spec.title].join(' › '),
            ms: result.duration,
            status: result.status,
            start: Date.parse(result.startTime),
          });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites) walk(suite, [suite.file ?? suite.title]);
  return runs;
}
