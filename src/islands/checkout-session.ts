import type { LinePricingWords } from '../lib/pricing/line-words.ts';
import type { CheckoutSessionView, OrderDesign, OrderReceipt } from '../lib/cart/checkout-schema.ts';

/** One purchased line as the success page shows it. */
export interface PurchasedLine {
  id: string;
  description: string;
  quantity: number;
  amount_cents: number;
  /** Where the line is printed ("Front", "Back"); [] for a line that prints nothing or a charge. */
  print: string[];
  /** The line's picture (its colour's own), when the shop sent one. */
  image_url: string | null;
  /** A list-priced line's inputs and breakdown in words; null: flat. */
  priced: LinePricingWords | null;
}

/** The receipt's money, as the order records it (the receipt's own fields). */
export type PurchaseTotals = Pick<
  OrderReceipt,
  | 'subtotal_cents'
  | 'discount_cents'
  | 'discount_code'
  | 'fulfillment'
  | 'shipping_speed'
  | 'shipping_cents'
  | 'tax_cents'
  | 'deposit_cents'
>;

export interface PurchaseSummary {
  /** As the e-mails quote it; null when the session has no order of the shop behind it. */
  order_number: string | null;
  /** The signed link to the order's status page; null until paid. */
  order_url: string | null;
  lines: PurchasedLine[];
  /** Null when only the payment provider's session is known (no order of the shop behind it). */
  totals: PurchaseTotals | null;
  total_cents: number;
  total_items: number;
  /** False when the session says it is not paid (then the cart is kept). */
  paid: boolean;
  /** The lines with print locations and their artwork. */
  designs: OrderDesign[];
}

/**
 * What the success page shows of GET /api/checkout/session (the shared CheckoutSessionView, the
 * one shape both payment providers answer, with the shop's receipt of its order when it has one).
 * Null when the session has no lines.
 */
export function readPurchase(session: CheckoutSessionView): PurchaseSummary | null {
  const receipt = session.receipt;
  const picture = (line: { image_url?: string | null }) =>
    typeof line.image_url === 'string' && line.image_url ? line.image_url : null;
  // The receipt's lines carry their pictures, whichever provider took the payment.
  const lines: PurchasedLine[] = receipt
    ? receipt.lines.map(({ id, description, quantity, amount_cents, print, image_url, priced }) => ({
        id,
        description,
        quantity,
        amount_cents,
        print,
        image_url: picture({ image_url }),
        priced: priced ?? null,
      }))
    : session.line_items.data.map((line) => ({
        id: line.id,
        description: line.description || line.name || 'Item',
        quantity: line.quantity,
        amount_cents: line.amount_total,
        print: [],
        image_url: picture(line),
        priced: null,
      }));
  if (lines.length === 0) return null;
  const total_items = typeof session.pieces === 'number' ? session.pieces : lines.reduce((n, l) => n + l.quantity, 0);
  return {
    order_number: receipt?.order_number ?? null,
    order_url: receipt?.order_url ?? null,
    lines,
    totals: receipt
      ? {
          subtotal_cents: receipt.subtotal_cents,
          discount_cents: receipt.discount_cents,
          discount_code: receipt.discount_code,
          fulfillment: receipt.fulfillment,
          shipping_speed: receipt.shipping_speed,
          shipping_cents: receipt.shipping_cents,
          tax_cents: receipt.tax_cents,
          deposit_cents: receipt.deposit_cents ?? null,
        }
      : null,
    total_cents: receipt?.total_cents ?? session.amount_total,
    total_items,
    paid: session.payment_status === 'paid',
    designs: Array.isArray(session.designs) ? session.designs : [],
  };
}
