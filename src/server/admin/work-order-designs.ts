import type { WorkOrderDesign, WorkOrderPersonalisation } from '../../lib/admin-schemas/work-order.ts';
import type { OrderChargePricing, OrderItemPricing } from '../../lib/pricing/line-record.ts';
import { linePricingWords } from '../../lib/pricing/line-words.ts';
import { type StoredLocation, storedLocations } from '../../lib/orders/order-locations.ts';

/** A piece line of an order as the work order reads it (sizes' shop order joined in). */
export interface PieceLine {
  name: string;
  product_id: string | null;
  quantity: number;
  variant_metadata: unknown;
  /** The size's place in the shop's size list (sizes.sort_order); null when the size is gone. */
  size_order: number | null;
  /** How a list-priced line was priced (order_items.pricing); null: flat. */
  pricing?: OrderItemPricing | OrderChargePricing | null;
}

/** What a line without a colour or size reads as in the grid. */
export const NO_COLOR = 'No colour chosen';
export const ONE_SIZE = 'One size';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

interface Building {
  product: string;
  specs: string | null;
  locations: StoredLocation[];
  sizes: Map<string, { order: number | null; first: number }>;
  counts: Map<string, Map<string, number>>;
  personalisation: WorkOrderPersonalisation[];
}

/** The names and numbers a store batch's line carries (variant_metadata.personalisation_list). */
function personalisationOf(meta: Record<string, unknown>, color: string, size: string): WorkOrderPersonalisation[] {
  const list = meta['personalisation_list'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw) => {
    const p = (raw ?? {}) as Record<string, unknown>;
    const quantity = typeof p['quantity'] === 'number' ? p['quantity'] : 0;
    const name = text(p['name']);
    const number = text(p['number']);
    if (quantity <= 0 || (!name && !number)) return [];
    return [{ color, size, name, number, quantity, order: text(p['order']) ?? '' }];
  });
}

/**
 * The designs of an order for the press: lines of one product printed the same way (the same
 * locations with the same artwork) go together whatever their colour and size, as one grid of
 * sizes (in the shop's size order) by colours (in the order bought), with the totals of each.
 * Lines priced by the owner's lists go together only when made alike (the same colours per
 * location, stitches, print size or dimensions), which the design states as its specs.
 */
export function workOrderDesigns(lines: readonly PieceLine[]): Array<
  Omit<WorkOrderDesign, 'locations'> & {
    locations: StoredLocation[];
  }
> {
  const designs = new Map<string, Building>();
  lines.forEach((line, index) => {
    const locations = storedLocations(line.variant_metadata);
    const printed = locations
      .map((l) => `${l.code}:${l.artwork_id ?? 'later'}`)
      .sort()
      .join(',');
    // A list-priced line's inputs (colours, stitches, print size, dimensions) set how it is made.
    const specs = linePricingWords(line.pricing)?.inputs || null;
    const key = `${line.product_id ?? `name:${line.name}`}|${printed}|${specs ?? ''}`;
    let design = designs.get(key);
    if (!design) {
      design = { product: line.name, specs, locations, sizes: new Map(), counts: new Map(), personalisation: [] };
      designs.set(key, design);
    }
    const meta = (line.variant_metadata ?? {}) as Record<string, unknown>;
    const size = text(meta['size']) ?? ONE_SIZE;
    const color = text(meta['color']) ?? NO_COLOR;
    if (!design.sizes.has(size)) design.sizes.set(size, { order: line.size_order, first: index });
    const row = design.counts.get(color) ?? new Map<string, number>();
    row.set(size, (row.get(size) ?? 0) + line.quantity);
    design.counts.set(color, row);
    design.personalisation.push(...personalisationOf(meta, color, size));
  });
  return [...designs.values()].map((design) => {
    const sizes = [...design.sizes]
      .sort(([, a], [, b]) =>
        a.order !== null && b.order !== null
          ? a.order - b.order || a.first - b.first
          : a.order === null
            ? b.order === null
              ? a.first - b.first
              : 1
            : -1,
      )
      .map(([size]) => size);
    const rows = [...design.counts].map(([color, bySize]) => {
      const counts = sizes.map((size) => bySize.get(size) ?? 0);
      return { color, counts, total: counts.reduce((sum, n) => sum + n, 0) };
    });
    const size_totals = sizes.map((_, i) => rows.reduce((sum, row) => sum + row.counts[i]!, 0));
    return {
      product: design.product,
      specs: design.specs,
      locations: design.locations,
      sizes,
      rows,
      size_totals,
      total: size_totals.reduce((sum, n) => sum + n, 0),
      personalisation: design.personalisation,
    };
  });
}
