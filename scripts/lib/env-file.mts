import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * The `.env` file of `npm start`, `npm run dev`, `npm run build` and `npm run db:*`: their npm
 * scripts pass `--settings=.env`, and read-env-file.mts loads it before anything reads a setting.
 * The file uses Node's own format (KEY=value lines, # comments, quotes as in Node's --env-file).
 * Not Node's own `--env-file-if-exists=.env`: on a fresh clone it prints ".env not found", which
 * reads like a failure. Nor an argument named `--env-file…` after the script: Node still reads
 * those (anything before `--`) and stops with "not found" when the file is missing.
 */
export interface EnvFileReport {
  file: string;
  /** Settings the file gave (names only: values may be secrets). */
  applied: string[];
  /** Settings the file also names but the environment already had: the environment's value stays. */
  kept: string[];
}

/** The file named by the last `--settings=PATH` argument, if any. */
export function envFileArgument(argv: readonly string[]): string | undefined {
  let file: string | undefined;
  for (const arg of argv) if (arg.startsWith('--settings=')) file = arg.slice('--settings='.length);
  return file || undefined;
}

/**
 * Copies the settings of `file` into `env`, except those `env` already has (the real environment
 * wins over the file). A missing file is no error: every setting keeps its default.
 */
export function loadEnvFile(file: string, env: Record<string, string | undefined> = process.env): EnvFileReport | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`Could not read the settings file ${file}: ${(error as Error).message}`);
  }
  const report: EnvFileReport = { file, applied: [], kept: [] };
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined) {
      report.kept.push(name);
      continue;
    }
    env[name] = value;
    report.applied.push(name);
  }
  return report;
}

/** The start-up line saying what the file set, e.g. "settings: .env sets ADMIN_PASSWORD, SITE_URL". */
export function describeEnvFile(report: EnvFileReport | null): string | null {
  if (!report) return null;
  const applied = report.applied.length > 0 ? report.applied.sort().join(', ') : 'nothing';
  const kept =
    report.kept.length > 0
      ? `; already in the environment, so not taken from the file: ${report.kept.sort().join(', ')}`
      : '';
  return `settings: ${report.file} sets ${applied}${kept}`;
}
