/**
 * The one contract every supplier of blank garments meets (DESIGN.md "Blanks"): the built-in demo
 * supplier by default, S&S Activewear and SanMar behind the same interface when their credentials
 * are set. Vendor shapes (JSON, SOAP) are mapped to these types inside each adapter; money is
 * integer cents, weights are ounces, and nothing here carries a credential.
 */
export type SupplierId = 'demo' | 'ss-activewear' | 'sanmar';

/** One colour x size of a style, as the supplier sells it. */
export interface SupplierSku {
  /** The supplier's own SKU (what a PO names). */
  sku: string;
  colourName: string;
  /** #rrggbb when the supplier says, else null. */
  colourHex: string | null;
  sizeName: string;
  /** The supplier's order of sizes (S before M before XL), for showing sizes in order. */
  sizeOrder: number;
  /** The shop's cost of one piece, in cents (the price the supplier charges this account). */
  costCents: number;
  weightOz: number | null;
  /** The colour's front picture (absolute URL), when the supplier has one. */
  imageUrl: string | null;
  discontinued: boolean;
}

/** A style ("Gildan 5000") with every SKU the supplier has of it. */
export interface SupplierStyle {
  supplier: SupplierId;
  /** The supplier's code of the style ("5000", "PC61"), what sync looks it up by. */
  styleCode: string;
  brand: string;
  name: string;
  description: string;
  skus: SupplierSku[];
}

export interface WarehouseStock {
  /** The supplier's name of the warehouse ("KS", "Reno, NV"). */
  warehouse: string;
  quantity: number;
}

/** What a sync keeps of one SKU: today's cost and stock per warehouse. */
export interface SkuLevel {
  sku: string;
  costCents: number;
  warehouses: WarehouseStock[];
  discontinued: boolean;
}

export interface ShipTo {
  company: string;
  attention: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface SupplierOrderRequest {
  /** The shop's PO number; a supplier that knows it already must not place it again. */
  poNumber: string;
  /** A test order the supplier does not ship (S&S testOrder). */
  test: boolean;
  shipTo: ShipTo;
  lines: { sku: string; quantity: number }[];
}

export interface SupplierOrderReceipt {
  /** The supplier's order numbers (S&S may split one PO across warehouses). */
  orderNumbers: string[];
  /** The total the supplier confirmed, in cents, when it says. */
  totalCents: number | null;
}

export interface Supplier {
  readonly id: SupplierId;
  /** The supplier's name as the owner reads it. */
  readonly label: string;
  /**
   * A style by what the owner types ("Gildan 5000", "PC61"); throws NotFound when the supplier
   * has no such style, Unavailable when it cannot be asked now.
   */
  findStyle(style: string): Promise<SupplierStyle>;
  /** Today's cost and stock of every SKU of a style, by its `styleCode`. */
  levels(styleCode: string): Promise<SkuLevel[]>;
  /** Places an order; throws Conflict when the supplier refuses it (nothing was ordered). */
  placeOrder(order: SupplierOrderRequest): Promise<SupplierOrderReceipt>;
}

/** Dollars as the suppliers write them (3.05, "3.05") to cents; NaN for anything else. */
export function dollarsToCents(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : Number.NaN;
}
