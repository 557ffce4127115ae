/**
 * `npm run bench:pricing` (docs/decisions/0027-price-lists.md): pricing a 20-line cart of mixed methods with the one
 * pricing engine (src/lib/pricing/price-job.ts): screen print on tees and hoodies with size
 * upcharges and dark flash, a spread-setup list, embroidery past its last stitch band, DTG light
 * and dark, a banner with finishing, stickers by area, a flat-priced tote, and a rush. Times each
 * call of priceJob (and, for the product page, nextBreak of one line and the breakdown words of
 * every line) over many iterations after a warm-up. Target: priceJob ≤ 1 ms per call.
 * BENCH_ITERATIONS (default 20000) sets the count. Writes bench/pricing.json and docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { breakdownText } from '../../src/lib/pricing/breakdown-text.ts';
import type { Job, JobLine } from '../../src/lib/pricing/job.ts';
import { nextBreak } from '../../src/lib/pricing/next-break.ts';
import { priceJob } from '../../src/lib/pricing/price-job.ts';
import {
  bannerList,
  contractScreenPrint,
  dtgList,
  embroideryList,
  flatList,
  garmentList,
  line,
  print,
  spreadScreenPrint,
  stickerList,
  turnaroundList,
} from '../../tests/support/price-list-fixtures.ts';
import { machineInfo } from './lib/machine.mts';
import { table, writeDocSection } from './lib/report.mts';

const ITERATIONS = Number(process.env['BENCH_ITERATIONS'] ?? 20_000);
const WARM_UP = 2000;

const teeBlank = {
  price_cents: 400,
  tiers: [
    { min_quantity: 24, unit_price_cents: 375 },
    { min_quantity: 72, unit_price_cents: 350 },
  ],
};
const front = print('team-front', contractScreenPrint, { colors: 3 });
const back = print('team-back', contractScreenPrint, { colors: 1 }, 'Back');

function cart(): Job {
  const lines: JobLine[] = [];
  ['S', 'M', 'L', 'XL', '2XL', '3XL'].forEach((size, i) => {
    lines.push(
      line({
        key: `tee-${size}`,
        productId: 'tee',
        productName: 'Tourney Tee',
        quantity: 12 + i,
        sizeName: size,
        darkGarment: true,
        blank: teeBlank,
        garment: garmentList,
        decorations: [front, back],
      }),
    );
  });
  ['M', 'L', 'XL'].forEach((size) => {
    lines.push(
      line({
        key: `hoodie-${size}`,
        productId: 'hoodie',
        productName: 'Hoodie',
        quantity: 10,
        sizeName: size,
        blank: { price_cents: 1800, tiers: [{ min_quantity: 24, unit_price_cents: 1600 }] },
        garment: garmentList,
        decorations: [front],
      }),
    );
  });
  ['M', 'L'].forEach((size) => {
    lines.push(
      line({
        key: `ls-${size}`,
        productId: 'long-sleeve',
        productName: 'Long-sleeve tee',
        quantity: 20,
        sizeName: size,
        blank: { price_cents: 800, tiers: [] },
        decorations: [
          print('ls-front', spreadScreenPrint, { colors: 4 }),
          print('ls-back', spreadScreenPrint, { colors: 1 }, 'Back'),
        ],
      }),
    );
  });
  const logo = print('polo-logo', embroideryList, { stitches: 12_500 }, 'Left chest');
  ['S', 'M', 'L'].forEach((size) => {
    lines.push(
      line({
        key: `polo-${size}`,
        productId: 'polo',
        productName: 'Polo',
        quantity: 8,
        sizeName: size,
        blank: { price_cents: 1500, tiers: [] },
        garment: garmentList,
        decorations: [logo],
      }),
    );
  });
  lines.push(
    line({
      key: 'cap',
      productId: 'cap',
      productName: 'Cap',
      quantity: 16,
      blank: { price_cents: 900, tiers: [] },
      decorations: [logo],
    }),
  );
  lines.push(
    line({
      key: 'dtg-light',
      productId: 'tank',
      productName: 'Tank',
      quantity: 6,
      blank: { price_cents: 700, tiers: [] },
      decorations: [print('tank-art', dtgList, { printSize: 'medium' })],
    }),
    line({
      key: 'dtg-dark',
      productId: 'tank',
      productName: 'Tank',
      quantity: 6,
      darkGarment: true,
      blank: { price_cents: 700, tiers: [] },
      decorations: [print('tank-art', dtgList, { printSize: 'medium' })],
    }),
  );
  lines.push(
    line({
      key: 'banner',
      productId: 'banner',
      productName: 'Vinyl banner',
      quantity: 2,
      area: { list: bannerList, width_in: 36, height_in: 72, material: '13oz', finishing: ['hems', 'grommets'] },
    }),
    line({
      key: 'stickers',
      productId: 'sticker',
      productName: 'Die-cut sticker',
      quantity: 250,
      area: { list: stickerList, width_in: 3, height_in: 3, material: 'gloss', finishing: [] },
    }),
    line({
      key: 'tote',
      productId: 'tote',
      productName: 'Tote',
      quantity: 25,
      blank: { price_cents: 600, tiers: [] },
      decorations: [print('tote-front', flatList, {})],
    }),
  );
  return { lines, turnaround: { list: turnaroundList, rush: 'rush-6' } };
}

/**
 * Each call timed on its own: wall time, and the process's CPU time (user + system, which
 * leaves out the time the call waited for a core while other processes ran on a busy machine).
 */
function timeEach(fn: () => unknown, iterations: number): { wall: number[]; cpu: number[] } {
  for (let i = 0; i < WARM_UP; i++) fn();
  const wall = new Array<number>(iterations);
  const cpu = new Array<number>(iterations);
  for (let i = 0; i < iterations; i++) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    fn();
    wall[i] = performance.now() - started;
    const used = process.cpuUsage(cpuStart);
    cpu[i] = (used.user + used.system) / 1000;
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]!;
const ms = (x: number) => Number(x.toFixed(4));

function main() {
  const machine = machineInfo();
  const uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
  const job = cart();
  if (job.lines.length !== 20) throw new Error(`the cart has ${job.lines.length} lines, not 20`);
  const priced = priceJob(job);
  const price = timeEach(() => priceJob(job), ITERATIONS);
  const words = timeEach(() => {
    const p = priceJob(job);
    return p.lines.map((l) => breakdownText(l, p.fees, p.rush));
  }, ITERATIONS);
  const next = timeEach(() => nextBreak(job, 'tee-M'), Math.max(1000, Math.floor(ITERATIONS / 4)));
  const row = (name: string, t: { wall: number[]; cpu: number[] }) => [
    name,
    t.wall.length,
    ms(at(t.wall, 0.5)),
    ms(at(t.wall, 0.99)),
    ms(t.wall.at(-1)!),
    ms(at(t.cpu, 0.5)),
    ms(at(t.cpu, 0.99)),
  ];
  const summary = (t: { wall: number[]; cpu: number[] }) => ({
    calls: t.wall.length,
    medianMs: ms(at(t.wall, 0.5)),
    p99Ms: ms(at(t.wall, 0.99)),
    maxMs: ms(t.wall.at(-1)!),
    cpuMedianMs: ms(at(t.cpu, 0.5)),
    cpuP99Ms: ms(at(t.cpu, 0.99)),
  });
  const record = {
    measuredAt: new Date().toISOString(),
    machine,
    uptime,
    lines: job.lines.length,
    fees: priced.fees.length,
    subtotalCents: priced.subtotal_cents,
    priceJob: summary(price),
    priceJobWithBreakdowns: summary(words),
    nextBreakOneLine: summary(next),
  };
  console.log(JSON.stringify(record, null, 2));
  writeFileSync('bench/pricing.json', `${JSON.stringify(record, null, 2)}\n`);
  writeDocSection(
    'pricing',
    'Pricing engine (`npm run bench:pricing`)',
    `Measured ${record.measuredAt.slice(0, 10)} on ${machine.cpuModel} (${machine.cpus} cores, Node ${machine.node}); \`uptime\` at the start: \`${uptime}\`. One cart of 20 lines of mixed methods (screen print on dark tees with size upcharges and flash, and on hoodies, pooled by design; a setup-spread list on long sleeves; embroidery past its last stitch band on polos and a cap; DTG light and dark; a banner with finishing; stickers by total area; a flat-priced tote; a 50 % rush): ${record.fees} one-time fees, ${(record.subtotalCents / 100).toFixed(2)} dollars. Each call is timed on its own after ${WARM_UP} warm-up calls, in wall time and in the process's CPU time (which leaves out waiting for a core while other processes run; the machine's load shows in the wall-time p99). Target (docs/decisions/0027-price-lists.md): priceJob ≤ 1 ms per call.\n\n` +
      table(
        ['call', 'calls', 'median (ms)', 'p99 (ms)', 'max (ms)', 'CPU median (ms)', 'CPU p99 (ms)'],
        [
          row('priceJob (20 lines)', price),
          row('priceJob + breakdown words of every line', words),
          row('nextBreak of one line (reprices per candidate break)', next),
        ],
      ) +
      (machine.loadAverage > machine.cpus
        ? `\n\nThe load average (${machine.loadAverage}) was above the ${machine.cpus} cores: other processes held the cores, so the wall-time p99 and max measure waiting for a core; the CPU-time columns are the engine's own work.`
        : ''),
  );
}

main();
