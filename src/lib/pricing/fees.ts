import { formatUsd } from '../money.ts';
import type { JobFee, PricePart } from './job.ts';
import type { DesignPool } from './pools.ts';
import { screenFee } from './screen-print.ts';

export interface DesignCharges {
  /** One-time fees shown as lines of their own. */
  fees: JobFee[];
  /** Per-piece parts of designs whose list spreads its screens over the pieces, by design. */
  spread: Map<string, PricePart>;
}

const KIND_WORDS: Record<JobFee['kind'], string> = { screens: 'Screens', digitizing: 'Digitizing', setup: 'Setup' };

/**
 * Each design's one-time fees, once per job, from the list of the design's first appearance:
 * screens (one per colour, the list's waiver or discount by the design's pieces and colours),
 * digitizing, setup. A fee of $0 is no line. A list that spreads its screens instead gives a
 * per-piece part: the fee total ÷ the design's pieces, rounded up to the cent, so the shop
 * recovers the whole fee (at most one cent a piece more; 5 × $20 over 40 pieces is $2.50 exactly).
 */
export function designCharges(designs: Map<string, DesignPool>): DesignCharges {
  const fees: JobFee[] = [];
  const spread = new Map<string, PricePart>();
  for (const [design, pool] of designs) {
    const list = pool.decoration.list.data;
    const where = `${pool.decoration.location.name} of ${pool.line.productName}`;
    const add = (kind: JobFee['kind'], unit: number, quantity: number) => {
      if (unit <= 0 || quantity <= 0) return;
      const amount = quantity === 1 ? formatUsd(unit) : `${quantity} × ${formatUsd(unit)}`;
      fees.push({
        kind,
        label: `${KIND_WORDS[kind]}, ${where}: ${amount}`,
        design,
        unit_cents: unit,
        quantity,
        total_cents: unit * quantity,
      });
    };
    if (list.method === 'screen_print') {
      const { unit, quantity } = screenFee(list, pool.pieces, pool.colors);
      if (list.screen_fee_display === 'spread') {
        const total = unit * quantity;
        if (total > 0) {
          spread.set(design, {
            kind: 'spread_fee',
            label: `Screens, ${pool.decoration.location.name}`,
            unit_cents: Math.ceil(total / pool.pieces),
          });
        }
      } else add('screens', unit, quantity);
    } else if (list.method === 'embroidery') add('digitizing', list.digitizing_fee_cents, 1);
    else add('setup', list.setup_fee_cents, 1);
  }
  return { fees, spread };
}
