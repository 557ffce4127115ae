/**
 * The owner's report of a team or fundraiser store (docs/decisions/0030-team-stores.md): what
 * buyers paid, what the batch costs the shop by its own price lists, what goes to the organiser,
 * and what is left. Cents; the admin shows dollars.
 */

/** Where a design stands: counting (the store is not closed), printed in the batch, or refunded at the close. */
export type StoreReportDesignState = 'selling' | 'printed' | 'refunded' | 'none_sold';

export interface StoreReportDesign {
  id: string;
  name: string;
  state: StoreReportDesignState;
  /** Pieces kept: in the batch once closed, sold so far before. */
  pieces: number;
  /** What buyers paid for those pieces (their lines, personalisation included). */
  revenue_cents: number;
  /** The shop's cost of printing them, by its price lists at the batch's pieces; null when the lists cannot price it. */
  cost_cents: number | null;
  /** Raised for the organiser: the fixed amount or share of the price, a piece. */
  fundraising_cents: number;
  /** Revenue − cost − fundraising; null when the cost is unknown. */
  margin_cents: number | null;
}

export interface StoreReport {
  store: {
    id: string;
    name: string;
    organiser_name: string;
    status: string;
    closes_at: string;
    closed_at: string | null;
    minimum_per_design: number;
  };
  /** The production batch, once the close made one. */
  batch: { order_id: string; number: string; pieces: number } | null;
  designs: StoreReportDesign[];
  totals: {
    /** Paid buyer orders (those refunded in full included). */
    buyer_orders: number;
    pieces: number;
    revenue_cents: number;
    /** Given back to buyers (missed minimums, the owner's own refunds). */
    refunded_cents: number;
    cost_cents: number | null;
    fundraising_cents: number;
    margin_cents: number | null;
  };
  /** Why the cost could not be priced (a location input outside its list), or null. */
  cost_problem: string | null;
}
