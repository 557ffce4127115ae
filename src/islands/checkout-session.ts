import type { CheckoutSessionView, OrderDesign } from '../lib/checkout-schema.ts';

/** One purchased line as the success page shows it. */
export interface PurchasedLine {
  id: string;
  description: string;
  quantity: number;
  amount_cents: number;
  /** The line's picture (its colour's own), when the shop sent one. */
  image_url: string | null;
}

export interface PurchaseSummary {
  lines: PurchasedLine[];
  total_cents: number;
  total_items: number;
  /** Total cost over total items, rounded to the cent. */
  average_cents: number;
  /** False when the session says it is not paid (then the cart is kept). */
  paid: boolean;
  /** The lines with print locations and their artwork. */
  designs: OrderDesign[];
}

/**
 * What the success page shows of GET /api/checkout/session (the shared CheckoutSessionView, the
 * one shape both payment providers answer). Null when the session has no lines.
 */
export function readPurchase(session: CheckoutSessionView): PurchaseSummary | null {
  const lines = session.line_items.data.map((line) => ({
    id: line.id,
    description: line.description || line.name || 'Item',
    quantity: line.quantity,
    amount_cents: line.amount_total,
    image_url: typeof line.image_url === 'string' && line.image_url ? line.image_url : null,
  }));
  if (lines.length === 0) return null;
  const total_items = typeof session.pieces === 'number' ? session.pieces : lines.reduce((n, l) => n + l.quantity, 0);
  return {
    lines,
    total_cents: session.amount_total,
    total_items,
    average_cents: total_items > 0 ? Math.round(session.amount_total / total_items) : 0,
    paid: session.payment_status === 'paid',
    designs: Array.isArray(session.designs) ? session.designs : [],
  };
}
