import { createHash } from 'node:crypto';
import type {
  SkuLevel,
  Supplier,
  SupplierOrderReceipt,
  SupplierOrderRequest,
  SupplierSku,
  SupplierStyle,
} from './contract.ts';
import { DEMO_SIZES, DEMO_STYLES, DEMO_WAREHOUSES, type DemoStyle, demoSku, demoStock } from './demo-catalogue.ts';
import { orderRefused, styleNotFound } from './supplier-errors.ts';

const LABEL = 'Demo supplier';

/** The built-in supplier: no account, no network; what the shop uses until a real one is set. */
export class DemoSupplier implements Supplier {
  readonly id = 'demo' as const;
  readonly label = LABEL;
  readonly #styles: readonly DemoStyle[];

  /** `styles` replaces the catalogue (a larger one for the sync benchmark). */
  constructor(styles: readonly DemoStyle[] = DEMO_STYLES) {
    this.#styles = styles;
  }

  async findStyle(style: string): Promise<SupplierStyle> {
    const wanted = style.trim().toLowerCase().replace(/\s+/g, ' ');
    const found = this.#styles.find((s) =>
      [s.code, `${s.brand} ${s.code}`, s.name].some((name) => name.toLowerCase() === wanted),
    );
    if (!found) throw styleNotFound(LABEL, style.trim());
    return {
      supplier: this.id,
      styleCode: found.code,
      brand: found.brand,
      name: found.name,
      description: found.description,
      skus: skusOf(found),
    };
  }

  async levels(styleCode: string): Promise<SkuLevel[]> {
    const found = this.#styles.find((s) => s.code === styleCode);
    if (!found) throw styleNotFound(LABEL, styleCode);
    return skusOf(found).map((sku) => ({
      sku: sku.sku,
      costCents: sku.costCents,
      warehouses: DEMO_WAREHOUSES.map((warehouse, i) => ({ warehouse, quantity: demoStock(sku.sku, i) })),
      discontinued: false,
    }));
  }

  /** Answers the same order number for the same PO number: placing it twice places it once. */
  async placeOrder(order: SupplierOrderRequest): Promise<SupplierOrderReceipt> {
    const known = new Map(this.#styles.flatMap((s) => skusOf(s)).map((sku) => [sku.sku, sku]));
    const unknown = order.lines.find((line) => !known.has(line.sku));
    if (unknown) throw orderRefused(LABEL, `no SKU ${unknown.sku}`);
    const bad = order.lines.find((line) => !Number.isInteger(line.quantity) || line.quantity < 1);
    if (bad) throw orderRefused(LABEL, `a quantity of ${bad.quantity} for ${bad.sku}`);
    const number = createHash('sha256').update(order.poNumber).digest('hex').slice(0, 8).toUpperCase();
    const totalCents = order.lines.reduce((sum, line) => sum + line.quantity * known.get(line.sku)!.costCents, 0);
    return { orderNumbers: [`DEMO-${number}`], totalCents };
  }
}

function skusOf(style: DemoStyle): SupplierSku[] {
  return style.colours.flatMap((colour) =>
    DEMO_SIZES.map((size, i) => ({
      sku: demoSku(style, colour.code, size),
      colourName: colour.name,
      colourHex: colour.hex,
      sizeName: size,
      sizeOrder: i,
      costCents: style.costs[Math.max(0, i - 3)]!,
      weightOz: Math.round((style.weightOz + (i - 1) * 0.3) * 100) / 100,
      imageUrl: `/images/blanks/tee-${colour.hex.slice(1)}.svg`,
      discontinued: false,
    })),
  );
}
