import { describe, expect, it } from 'vitest';
import type { Job, JobDecoration, JobLine } from '../../src/lib/pricing/job.ts';
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
} from '../support/price-list-fixtures.ts';

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomJob(seed: number): Job {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const decorations: (() => JobDecoration)[] = [
    () => print(pick(['a', 'b']), contractScreenPrint, { colors: int(1, 5) }),
    () => print('c', spreadScreenPrint, { colors: int(1, 4) }, 'Back'),
    () => print('d', embroideryList, { stitches: int(1000, 25_000) }, 'Left chest'),
    () => print(pick(['e', 'f']), dtgList, { printSize: pick(['small', 'medium', 'large']) }),
    () => print('g', flatList, {}, 'Sleeve'),
  ];
  const lines: JobLine[] = [];
  const count = int(1, 12);
  for (let i = 0; i < count; i++) {
    if (next() < 0.2) {
      const sticker = next() < 0.5;
      lines.push(
        line({
          key: `area-${i}`,
          productName: sticker ? 'Sticker' : 'Banner',
          quantity: int(1, 300),
          area: sticker
            ? { list: stickerList, width_in: int(1, 12), height_in: int(1, 12), material: 'gloss', finishing: [] }
            : {
                list: bannerList,
                width_in: int(6, 120),
                height_in: int(6, 120),
                material: pick(['13oz', '18oz']),
                finishing: next() < 0.5 ? ['hems', 'grommets'] : ['double-sided'],
              },
        }),
      );
      continue;
    }
    const decorated = Array.from({ length: int(0, 2) }, () => pick(decorations)());
    lines.push(
      line({
        key: `line-${i}`,
        productName: pick(['Tee', 'Hoodie']),
        quantity: int(48, 400),
        sizeName: pick(['S', 'M', '2XL', '3XL']),
        darkGarment: next() < 0.5,
        blank: { price_cents: int(0, 2000), tiers: [{ min_quantity: 100, unit_price_cents: 300 }] },
        garment: garmentList,
        // One location per design on a line (a design is one artwork on one location).
        decorations: decorated.filter((d, j) => decorated.findIndex((o) => o.design === d.design) === j),
      }),
    );
  }
  return { lines, turnaround: { list: turnaroundList, rush: pick([null, 'rush-6', 'rush-4']) } };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe('priceJob over 500 generated jobs', () => {
  it('answers whole cents that add up: parts to the piece, pieces to the line, lines, fees and rush to the job', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const job = deepFreeze(randomJob(seed));
      const priced = priceJob(job);
      expect(
        priced.lines.map((l) => l.key),
        `seed ${seed}`,
      ).toEqual(job.lines.map((l) => l.key));
      for (const l of priced.lines) {
        expect(Number.isInteger(l.unit_cents) && l.unit_cents >= 0, `seed ${seed}`).toBe(true);
        expect(l.unit_cents, `seed ${seed}`).toBe(l.parts.reduce((sum, p) => sum + p.unit_cents, 0));
        expect(l.total_cents, `seed ${seed}`).toBe(l.unit_cents * l.quantity);
        for (const p of l.parts) expect(Number.isInteger(p.unit_cents), `seed ${seed} ${p.label}`).toBe(true);
      }
      for (const f of priced.fees) expect(f.total_cents, `seed ${seed}`).toBe(f.unit_cents * f.quantity);
      const designs = priced.fees.map((f) => f.design);
      expect(new Set(designs).size, `seed ${seed}: one fee per design`).toBe(designs.length);
      const base =
        priced.lines.reduce((sum, l) => sum + l.total_cents, 0) +
        priced.fees.reduce((sum, f) => sum + f.total_cents, 0);
      expect(priced.subtotal_cents, `seed ${seed}`).toBe(base + (priced.rush?.cents ?? 0));
      // The same job prices the same every time (no clock, no state between calls).
      expect(priceJob(job), `seed ${seed}`).toEqual(priced);
    }
  });
});
