import type { ShippingAddress } from './orders.ts';
/**
 * The printable work order of one order (docs/decisions/0028-owner-and-receipts.md): what the press
 * needs, nothing about money.
 */

/** A print location of a design, with the artwork placed on it (null while it is still to come). */
export interface WorkOrderLocation {
  code: string;
  name: string;
  artwork: {
    id: string;
    file_name: string;
    /** The inks the artwork check counted ("#1f3a93"); null when it could not (PDF) or found full colour. */
    inks: string[] | null;
    /** The check found a photo or gradients: full colour. */
    full_color: boolean;
  } | null;
}

/** One colour's row of a design's size grid: pieces per size (in the grid's size order) and its total. */
export interface WorkOrderColorRow {
  color: string;
  counts: number[];
  total: number;
}

/**
 * A name or number to print on some pieces of a store's batch (docs/decisions/0030-team-stores.md),
 * with the buyer's order it goes to.
 */
export interface WorkOrderPersonalisation {
  color: string;
  size: string;
  name: string | null;
  number: string | null;
  quantity: number;
  /** The buyer's order number (the bag it goes in). */
  order: string;
}

/**
 * One design: a product printed the same way (same locations, same artwork), every colour and
 * size of it together, as a grid of sizes (columns) by colours (rows) with totals.
 */
export interface WorkOrderDesign {
  product: string;
  /** How a list-priced design is made: "Front, 2 colours · Back, 1 colour", "4 × 8 ft, 13 oz vinyl, grommets"; null: flat. */
  specs: string | null;
  locations: WorkOrderLocation[];
  sizes: string[];
  rows: WorkOrderColorRow[];
  size_totals: number[];
  total: number;
  /** Every name and number to print on it (a store's batch); empty for any other order. */
  personalisation: WorkOrderPersonalisation[];
}

/** A piece line with no size grid (a quoted or custom job line). */
export interface WorkOrderJobLine {
  name: string;
  quantity: number;
}

/** A note on the order: a comment on its timeline, or what the customer wrote with a quote request. */
export interface WorkOrderNote {
  at: string;
  by: string;
  text: string;
}

export interface WorkOrder {
  id: string;
  /** The order number as the customer's e-mails give it. */
  number: string;
  customer: string | null;
  email: string;
  created_at: string;
  in_hands_date: string | null;
  /** The day the turnaround promised at checkout (YYYY-MM-DD); null: none. */
  ready_by: string | null;
  stage: string | null;
  status: string;
  fulfillment: string;
  shipping_speed: string | null;
  /** Where a shipped job goes (issue 44, item 11); null for a pickup or before an address is on file. */
  ship_to: ShippingAddress | null;
  pieces: number;
  designs: WorkOrderDesign[];
  job_lines: WorkOrderJobLine[];
  /** A quoted order's request as the customer wrote it (sizes, colours, locations are free text there). */
  quote: {
    reference: string;
    sizes: string | null;
    colors: string | null;
    print_locations: string | null;
  } | null;
  notes: WorkOrderNote[];
  /** Where the QR code leads: the order in the admin. */
  admin_url: string;
  /** The QR code of admin_url, an SVG document (black modules on white). */
  qr_svg: string;
}
