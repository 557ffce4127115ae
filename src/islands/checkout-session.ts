import type { LinePricingWords } from '../lib/pricing/line-words.ts';
import type {
  CheckoutSessionView,
  OrderDesign,
  OrderReceipt,
  StoreClosedReceipt,
} from '../lib/cart/checkout-schema.ts';
import { formatUsd } from '../lib/money.ts';

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
  /** A store order whose payment came after the store closed (refunded, in no print run); null: none. */
  store_closed: StoreClosedReceipt | null;
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
    store_closed: receipt?.store_closed ?? null,
  };
}

/** What the success page's heading says of a purchase, and a message when there is more to say. */
export interface PurchaseHeadings {
  title: string;
  subtitle: string | null;
  message: string | null;
}

/**
 * "Payment Successful!" only for a paid session whose order the shop took. A store buyer whose
 * payment reached the shop after the store closed (Stripe reports it paid all the same) is told
 * the store closed and that the payment is refunded in full, so they are not charged.
 */
export function purchaseHeadings(purchase: PurchaseSummary): PurchaseHeadings {
  const closed = purchase.store_closed;
  if (closed) {
    const amount = formatUsd(closed.amount_cents);
    const refund =
      closed.refund === 'made'
        ? `Your payment of ${amount} has been refunded in full; your bank shows it within a few days.`
        : `The ${amount} you paid is refunded in full automatically, so nothing is charged for it; we e-mail you when the refund is made.`;
    return {
      title: 'This Store Has Closed',
      subtitle: null,
      message: `${closed.store_name} closed before your payment reached us, so this order is not part of its print run. ${refund}`,
    };
  }
  return purchase.paid
    ? { title: 'Payment Successful!', subtitle: 'Thanks for your purchase!', message: null }
    : { title: 'Payment Not Confirmed Yet', subtitle: 'Your order is waiting for the payment to clear', message: null };
}
