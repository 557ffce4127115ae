/**
 * `npm run check`: Astro's type check and Biome's lint and format, both at once (on the 2-core CI
 * machine the checks in turn took about 100 s). `astro check` type-checks every file the tsconfig
 * includes, .ts, .tsx and .mts in src, tests and scripts as well as .astro (a wrong type planted in
 * src/lib, tests/support and scripts/lib was reported by it as by tsc), so a separate `tsc
 * --noEmit` checked the same files twice. Each one's output is printed whole when it ends, so the
 * lines do not mix; the check fails if either did.
 */
import { spawn } from 'node:child_process';

const CHECKS: [string, string[]][] = [
  ['astro check', ['node_modules/astro/bin/astro.mjs', 'check', '--minimumSeverity', 'warning']],
  ['biome ci', ['node_modules/@biomejs/biome/bin/biome', 'ci', '.']],
];

function run(name: string, args: string[]): Promise<boolean> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env['FORCE_COLOR'] ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const end = (ok: boolean, why: string) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n── ${name}: ${ok ? 'passed' : `failed (${why})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      done(ok);
    };
    child.on('error', (error) => end(false, error.message));
    child.on('exit', (code, signal) => end(code === 0, signal ?? `exit ${code}`));
  });
}

const results = await Promise.all(CHECKS.map(([name, args]) => run(name, args)));
if (results.includes(false)) {
  console.error(
    `\ncheck failed: ${CHECKS.filter((_, i) => !results[i])
      .map(([name]) => name)
      .join(', ')}`,
  );
  process.exit(1);
}
