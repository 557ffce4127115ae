import type { Kysely } from 'kysely';
import { PricingInputError } from '../../lib/pricing/job.ts';
import { priceJob } from '../../lib/pricing/price-job.ts';
import { buildJob, designOf, type LineChoice, pricedProductOf } from '../../lib/pricing/product-job.ts';
import { pricingInputsOf } from '../catalog/pricing-inputs.ts';
import type { Database } from '../db/types.ts';

/** Pieces of a design in one colour and size, as the batch prints them. */
export interface CostLine {
  design_id: string;
  color_hex: string | null;
  size: string | null;
  pieces: number;
}

export type BatchCost = { ok: true; byDesign: Map<string, number> } | { ok: false; problem: string };

/**
 * What the batch costs the shop (docs/decisions/0030-team-stores.md), priced by the one pricing
 * engine (priceJob) from the owner's price lists as they are now: one job of every design, colour
 * and size, each design's print locations with the inputs the shop fixed (colours, stitches, print
 * size) and its artwork, so the pieces of a design pool for its band and pay its one-time fees (screens, digitizing)
 * once. Answers each design's cost (its lines and its fees), or the engine's complaint.
 */
export async function batchCost(db: Kysely<Database>, storeId: string, lines: readonly CostLine[]): Promise<BatchCost> {
  if (lines.length === 0) return { ok: true, byDesign: new Map() };
  const [designs, locations] = await Promise.all([
    db
      .selectFrom('store_designs as d')
      .innerJoin('products as p', 'p.id', 'd.product_id')
      .select((eb) => ['d.id as design_id', 'p.id', 'p.name', 'p.price_cents', ...pricingInputsOf(db, eb.ref('p.id'))])
      .where('d.store_id', '=', storeId)
      .execute(),
    db
      .selectFrom('store_design_locations as l')
      .innerJoin('store_designs as d', 'd.id', 'l.design_id')
      .select(['l.design_id', 'l.code', 'l.artwork_id', 'l.colors', 'l.stitches', 'l.print_size'])
      .where('d.store_id', '=', storeId)
      .orderBy('l.position')
      .execute(),
  ]);
  const products = new Map(designs.map((d) => [d.design_id, d]));
  const choices: LineChoice[] = [];
  const owner: string[] = [];
  for (const line of lines) {
    const product = products.get(line.design_id);
    if (!product) continue;
    owner.push(line.design_id);
    choices.push({
      key: String(choices.length),
      product: pricedProductOf(product),
      quantity: line.pieces,
      sizeName: line.size,
      colorHex: line.color_hex,
      locations: locations
        .filter((l) => l.design_id === line.design_id)
        .map((l) => ({
          code: l.code,
          // Without a file, the design is still one per store design (not shared with another design's location).
          artworkId: l.artwork_id ?? `store-design:${line.design_id}:${l.code}`,
          ...(l.colors !== null ? { colors: l.colors } : {}),
          ...(l.stitches !== null ? { stitches: l.stitches } : {}),
          ...(l.print_size !== null ? { printSize: l.print_size } : {}),
        })),
    });
  }
  try {
    const job = priceJob(buildJob(choices, null, { exactStitches: true }));
    const byDesign = new Map<string, number>();
    const add = (id: string, cents: number) => byDesign.set(id, (byDesign.get(id) ?? 0) + cents);
    for (const [i, line] of job.lines.entries()) add(owner[i]!, line.total_cents);
    for (const fee of job.fees) {
      const at = choices.findIndex((c) => c.locations.some((l) => designOf(c.product.id, l) === fee.design));
      if (at >= 0) add(owner[at]!, fee.total_cents);
    }
    return { ok: true, byDesign };
  } catch (error) {
    if (error instanceof PricingInputError) return { ok: false, problem: error.message };
    throw error;
  }
}
