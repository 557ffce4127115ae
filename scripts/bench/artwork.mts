/**
 * `npm run bench:artwork`: how long the artwork check takes and how much memory it needs, for the
 * two files docs/decisions/0015-print-ordering.md names: a 20 MB PDF and a 6000 × 6000 PNG. Each
 * case runs in its own child process (so its peak RSS is its own) and is repeated; the check is the
 * service's inspection (type by content, decode or PDF parse in its sandbox process, thumbnail), without storage I/O.
 * Then decision 0025's two numbers: the worst check time over the hostile corpus (target 5 s each)
 * and the home page's p99 while four checks run at once (target 200 ms), beside its p99 with
 * none. Prints Markdown tables for docs/benchmarks.md. BENCH_SECONDS (default 10) sets the
 * length of each home-page run; BENCH_ONLY=hostile skips the two-file table.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { inspectArtwork } from '../../src/server/artwork/inspect.ts';
import { homeUnderChecks, hostileCheckTimes } from './lib/artwork-hostile.mts';
import { machineInfo } from './lib/machine.mts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const CASES = ['pdf-20mb', 'png-6000'] as const;
type Case = (typeof CASES)[number];

/** A one-page PDF carrying a 20 MB image stream (the size of a typical press-ready export). */
function pdf20mb(): Buffer {
  const data = randomBytes(20 * 1024 * 1024);
  const side = Math.floor(Math.sqrt(data.length / 3));
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(b);
    length += b.length;
  };
  const object = (n: number, body: (string | Buffer)[]) => {
    offsets[n] = length;
    push(`${n} 0 obj\n`);
    for (const b of body) push(b);
    push('\nendobj\n');
  };
  push('%PDF-1.7\n');
  object(1, ['<< /Type /Catalog /Pages 2 0 R >>']);
  object(2, ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>']);
  object(3, [
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 864 864] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
  ]);
  object(4, [
    `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${side * side * 3} >>\nstream\n`,
    data.subarray(0, side * side * 3),
    '\nendstream',
  ]);
  const content = 'q 864 0 0 864 0 0 cm /Im1 Do Q';
  object(5, [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`]);
  const xref = length;
  push(
    `xref\n0 6\n0000000000 65535 f \n${offsets
      .slice(1)
      .map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)
      .join('')}`,
  );
  push(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A 6000 × 6000 PNG with gradients and shapes (artwork-like, so it compresses as art does). */
function png6000(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="6000">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c03"/><stop offset="1" stop-color="#03c"/></linearGradient></defs>
<rect width="6000" height="6000" fill="url(#g)"/>${Array.from({ length: 200 }, (_, i) => `<circle cx="${(i * 397) % 6000}" cy="${(i * 911) % 6000}" r="${50 + (i % 7) * 40}" fill="#fff" fill-opacity="0.4"/>`).join('')}</svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).png().toBuffer();
}

async function runCase(which: Case) {
  const bytes = which === 'pdf-20mb' ? pdf20mb() : await png6000();
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const result = await inspectArtwork(bytes);
  const ms = performance.now() - started;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      which,
      bytes: bytes.length,
      ms,
      peakMb,
      baseMb: before / 1024 / 1024,
      kind: result.findings.kind,
    }),
  );
}

function main() {
  const rows: string[] = [];
  for (const which of process.env['BENCH_ONLY'] === 'hostile' ? [] : CASES) {
    const runs = Array.from({ length: RUNS }, () => {
      const child = spawnSync(process.execPath, [import.meta.filename, which], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`${which} failed: ${child.stderr}`);
      return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
        bytes: number;
        ms: number;
        peakMb: number;
        baseMb: number;
      };
    });
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    const peak = Math.max(...runs.map((r) => r.peakMb));
    const base = Math.min(...runs.map((r) => r.baseMb));
    rows.push(
      `| ${which === 'pdf-20mb' ? '20 MB PDF (1 page, 20 MB image)' : '6000 × 6000 PNG'} | ${(runs[0]!.bytes / 1024 / 1024).toFixed(1)} MB | ${ms[Math.floor(ms.length / 2)]!.toFixed(0)} ms | ${ms.at(-1)!.toFixed(0)} ms | ${peak.toFixed(0)} MB | ${base.toFixed(0)} MB |`,
    );
  }
  const machine = machineInfo();
  console.log(`\n${RUNS} runs each, ${JSON.stringify(machine)}\n`);
  console.log('| file | size | median | worst | peak RSS | RSS before the check |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
}

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);

async function hostile() {
  const times = await hostileCheckTimes();
  console.log(`\nThe hostile corpus, ${times.length} files checked one at a time; the slowest:\n`);
  console.log('| file | answer | check time | CPU (with its check process) |');
  console.log('| --- | --- | --- | --- |');
  for (const t of times.slice(0, 6))
    console.log(`| ${t.name} | ${t.answer} | ${t.ms.toFixed(0)} ms | ${t.cpuMs ?? '?'} ms |`);
  const worst = times[0]!;
  console.log(
    `\nworst check: ${worst.ms.toFixed(0)} ms (${worst.name}), target ≤ 5000 ms: ${worst.ms <= 5000 ? 'met' : 'MISSED'}`,
  );
  const { baseline, underChecks, checks } = await homeUnderChecks(SECONDS);
  const row = (label: string, r: typeof baseline) =>
    `| ${label} | ${r.requests} | ${r.reqPerSec.toFixed(0)} | ${r.latencyMs.p50} ms | ${r.latencyMs.p99} ms | ${r.latencyMs.max} ms | ${r.non2xx + r.errors} |`;
  console.log(`\nGET / for ${SECONDS} s, 4 connections; checks answered meanwhile: ${JSON.stringify(checks)}\n`);
  console.log('| home page | requests | req/s | p50 | p99 | max | not 2xx |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  console.log(row('no checks (baseline)', baseline));
  console.log(row('four checks at once', underChecks));
  const met = underChecks.latencyMs.p99 <= 200 ? 'met' : 'MISSED';
  console.log(`\nhome p99 under four checks: ${underChecks.latencyMs.p99} ms, target ≤ 200 ms: ${met}`);
}

const which = process.argv[2] as Case | undefined;
if (which) await runCase(which);
else {
  main();
  await hostile();
}
