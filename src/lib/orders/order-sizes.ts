import { type TieredProduct, unitPriceCents } from '../pricing/tiers.ts';

/**
 * A change of the sizes of one design of a paid order (docs/decisions/0029-deposits.md, order changes): the pieces of a
 * product in one colour with one set of print locations, sizes together, as checkout priced them
 * (src/server/checkout/load-lines.ts: every size of a design at the unit price of the design's
 * pieces, a print location's charge on every piece). Pure: the server reads the rows and writes
 * the plan.
 */

/** A line of the design as the order has it (or a size the change adds: id null, 0 pieces). */
export interface DesignSize {
  id: string | null;
  sizeId: string | null;
  sizeName: string | null;
  quantity: number;
  unitPriceCents: number;
}

/** A print-location charge of the design: its price on every piece. */
export interface PieceCharge {
  id: string;
  quantity: number;
  unitPriceCents: number;
}

export interface SizeChangePlan {
  /** The unit price of every piece of the design after the change (a quantity break applies to all). */
  unitPriceCents: number;
  pieces: number;
  /** Every size of the design with its pieces before and after (to 0: the line goes). */
  sizes: (DesignSize & { to: number })[];
  /** Each print charge with its new count (the design's pieces). */
  charges: { id: string; quantity: number }[];
  /** What the lines' subtotal moves by. */
  subtotalDeltaCents: number;
  /** "XL 2 → 8; S 4 → 2": the sizes that changed. */
  words: string;
}

/**
 * The design after the change: `wanted` sets the pieces of each size it names (0 takes a size
 * off); the others stay. The design's pieces are priced by the product's quantity tiers as
 * checkout prices them, and each print charge counts every piece.
 */
export function planSizeChange(
  design: { sizes: readonly DesignSize[]; charges: readonly PieceCharge[] },
  wanted: ReadonlyMap<string | null, { quantity: number; sizeName: string | null }>,
  product: TieredProduct,
): SizeChangePlan {
  const sizes = design.sizes.map((s) => ({ ...s, to: wanted.get(s.sizeId)?.quantity ?? s.quantity }));
  for (const [sizeId, want] of wanted) {
    if (!sizes.some((s) => s.sizeId === sizeId)) {
      sizes.push({ id: null, sizeId, sizeName: want.sizeName, quantity: 0, unitPriceCents: 0, to: want.quantity });
    }
  }
  const pieces = sizes.reduce((sum, s) => sum + s.to, 0);
  const unit = unitPriceCents(product, pieces);
  const linesBefore = sizes.reduce((sum, s) => sum + s.unitPriceCents * s.quantity, 0);
  const chargesDelta = design.charges.reduce((sum, c) => sum + c.unitPriceCents * (pieces - c.quantity), 0);
  const subtotalDeltaCents = unit * pieces - linesBefore + chargesDelta;
  const words = sizes
    .filter((s) => s.to !== s.quantity)
    .map((s) => `${s.sizeName ?? 'One size'} ${s.quantity} → ${s.to}`)
    .join('; ');
  return {
    unitPriceCents: unit,
    pieces,
    sizes,
    charges: design.charges.map((c) => ({ id: c.id, quantity: pieces })),
    subtotalDeltaCents,
    words,
  };
}
