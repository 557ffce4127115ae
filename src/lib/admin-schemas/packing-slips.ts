/**
 * The packing slips of a store delivered to its organiser (docs/decisions/0030-team-stores.md): one
 * per buyer's bag.
 */

export interface PackingSlipLine {
  design: string;
  color: string | null;
  size: string | null;
  quantity: number;
  /** The name and number printed on these pieces, if any. */
  name: string | null;
  number: string | null;
}

export interface PackingSlip {
  /** The buyer's order number (as their e-mails give it). */
  order: string;
  buyer: string;
  pieces: number;
  lines: PackingSlipLine[];
}

export interface PackingSlips {
  store: { id: string; name: string; organiser_name: string; closed_at: string };
  /** The batch the bags are packed from. */
  batch_number: string;
  slips: PackingSlip[];
}
