import type { PriceTier } from './tiers.ts';
import type { AreaList, DecorationList, GarmentList, PriceList, TurnaroundList } from './lists.ts';

/**
 * A job description in, every line with its reason out (docs/decisions/0027-price-lists.md,
 * DESIGN.md "Price lists"): the shapes the one pricing function `priceJob` (./price-job.ts) takes
 * and returns, for the product page, the cart, checkout (built from the database, never from the
 * browser), quotes and orders.
 */

/** What the customer chose for one print location (the method's second input). */
export interface DecorationInputs {
  /** Screen print: ink colours at this location. */
  colors?: number;
  /** Embroidery: stitch count (from the size chosen in words, or the owner's correction). */
  stitches?: number;
  /** DTG / DTF / heat transfer: the print size's code. */
  printSize?: string;
  /** Screen print: optional surcharges ticked (codes). */
  surcharges?: readonly string[];
}

/** One print location on a line: where, by which list, with what inputs, and which design it is. */
export interface JobDecoration {
  /** The location's code and name ("front", "Front"). */
  location: { code: string; name: string };
  list: PriceList<DecorationList>;
  inputs: DecorationInputs;
  /**
   * The design this print belongs to (DESIGN.md "A design": one artwork on one location). Lines
   * sharing a design pool their pieces for the band and pay its one-time fees once.
   */
  design: string;
}

/** Width × height of an area product and its material and finishing (codes of the list). */
export interface AreaInputs {
  list: PriceList<AreaList>;
  width_in: number;
  height_in: number;
  material: string;
  finishing: readonly string[];
}

/** One line of the job: a product in one colour and size (or one area), with its decorations. */
export interface JobLine {
  /** The caller's id for the line; returned as is. */
  key: string;
  /**
   * The product's id: the blank's quantity tiers count every line of the same product. Lines
   * without one pool by productName.
   */
  productId?: string;
  productName: string;
  quantity: number;
  sizeName: string | null;
  /** The garment's colour is dark (dark prices, flash surcharges). */
  darkGarment: boolean;
  /** The blank: the product's own price and quantity tiers (tiers count the product's pieces in the job). */
  blank: { price_cents: number; tiers: readonly PriceTier[] };
  garment: PriceList<GarmentList> | null;
  area: AreaInputs | null;
  decorations: readonly JobDecoration[];
}

export interface Job {
  lines: readonly JobLine[];
  /** The turnaround list and the rush option chosen (null: standard). */
  turnaround: { list: PriceList<TurnaroundList>; rush: string | null } | null;
}

/** Why part of a price is what it is, in words a customer reads ("Front, 3 colours"). */
export interface PricePart {
  kind: 'blank' | 'size_upcharge' | 'decoration' | 'surcharge' | 'area' | 'finishing' | 'spread_fee' | 'minimum';
  label: string;
  /** Cents per piece this part adds. */
  unit_cents: number;
}

export interface PricedLine {
  key: string;
  /** Cents per piece: the sum of the parts. */
  unit_cents: number;
  quantity: number;
  total_cents: number;
  parts: PricePart[];
}

/** A one-time charge of the job: screens, digitizing or setup of one design, once per order. */
export interface JobFee {
  kind: 'screens' | 'digitizing' | 'setup';
  /** "Screens, Front of Tourney Tee: 3 × $15.00". */
  label: string;
  design: string;
  unit_cents: number;
  quantity: number;
  total_cents: number;
}

export interface PricedJob {
  lines: PricedLine[];
  fees: JobFee[];
  /** The rush surcharge on lines and fees, or null for standard turnaround. */
  rush: { code: string; label: string; percent: number; cents: number } | null;
  /** Lines + fees + rush. */
  subtotal_cents: number;
}

/** An input outside the owner's lists: the field (a path into the job) and the message to show. */
export class PricingInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'PricingInputError';
    this.field = field;
  }
}
