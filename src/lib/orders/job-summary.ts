import { storedLocations } from './order-locations.ts';

/** An order line as the work queue reads it. */
export interface JobLine {
  name: string;
  item_type: string;
  quantity: number;
  variant_metadata: unknown;
}

/** Lines that are pieces (a product bought, or a quote's product or custom line); the rest are charges. */
const PIECE_TYPES = new Set(['product', 'quoted', 'custom']);

/** How many products the summary names before "and N more". */
const NAMED = 2;

/**
 * The job in a few words, as a press operator says it: "24 × Tourney Tee, front + back" (sizes
 * and colours of one product added together, its print locations named once), and the pieces.
 */
export function jobSummary(lines: readonly JobLine[]): { job: string; pieces: number } {
  const products = new Map<string, { pieces: number; locations: string[] }>();
  for (const line of lines) {
    if (!PIECE_TYPES.has(line.item_type)) continue;
    let product = products.get(line.name);
    if (!product) {
      product = { pieces: 0, locations: [] };
      products.set(line.name, product);
    }
    product.pieces += line.quantity;
    for (const { name } of storedLocations(line.variant_metadata)) {
      const place = name.toLowerCase();
      if (!product.locations.includes(place)) product.locations.push(place);
    }
  }
  const named = [...products].map(
    ([name, p]) => `${p.pieces} × ${name}${p.locations.length ? `, ${p.locations.join(' + ')}` : ''}`,
  );
  const more = named.length - NAMED;
  const job = more > 0 ? `${named.slice(0, NAMED).join('; ')} and ${more} more` : named.join('; ');
  return { job, pieces: [...products.values()].reduce((sum, p) => sum + p.pieces, 0) };
}
