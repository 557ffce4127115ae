import { formatUsd } from '../money.ts';
import type { AdminOrderDesign } from './order-sizes.ts';
import type { AdminOrderMoney } from './payment-request.ts';
import type { LinePricingWords } from '../pricing/line-words.ts';
import type { AdminOrderRefund } from './order-refund.ts';
import type { OrderStageAnswer } from './order-stage.ts';
import type { Fulfillment, ShippingSpeed } from '../cart/checkout-schema.ts';
import { isPaid, ORDER_STAGES, type OrderStage } from '../orders/order-stages.ts';
import { z } from '../zod.ts';
import { dateSchema, idSchema, optionalQuery, queryInt } from './fields.ts';

/**
 * Date filters (orders From/To, users Created After/Before) are whole days in the shop's time
 * zone (West Texas: Lubbock, Midland, San Angelo), both ends included.
 */
export { SHOP_TIME_ZONE } from '../site/shop-time-zone.ts';

/** The payment's state (where a paid job is in the shop is its stage). */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];
/** The payment's state in words, as the owner reads it. */
export const ORDER_STATUS_LABELS: Record<OrderStatusName, string> = {
  pending: 'Pending payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
};
export const orderStatusLabel = (status: string) =>
  (ORDER_STATUS_LABELS as Record<string, string | undefined>)[status] ?? status;

/**
 * The Orders list's Payment column: a placed order on account, or one paid in part (a deposit,
 * a change after payment), says so and what is owed; otherwise the payment's state.
 */
export function paymentWords(order: Pick<AdminOrderRow, 'status' | 'po_number' | 'balance_cents'>): string {
  if (!isPaid(order)) return orderStatusLabel(order.status);
  const owed = `${formatUsd(order.balance_cents)} owed`;
  if (order.po_number) return order.balance_cents > 0 ? `On account, ${owed}` : 'On account, paid';
  return order.balance_cents > 0 ? `Paid in part, ${owed}` : 'Paid';
}

/** The order filters. Dates are whole days in the shop's time zone, both ends included. */
const orderFilters = {
  email: optionalQuery(z.string().trim().max(254).includes('@', { message: 'Enter an e-mail address.' })),
  user_id: optionalQuery(idSchema),
  status: optionalQuery(z.enum(ORDER_STATUSES, `Status must be one of ${ORDER_STATUSES.join(', ')}.`)),
  from: optionalQuery(dateSchema),
  to: optionalQuery(dateSchema),
  /** A paid job's production stage (docs/decisions/0016-order-workflow.md). */
  stage: optionalQuery(z.enum(ORDER_STAGES, `Stage must be one of ${ORDER_STAGES.join(', ')}.`)),
  /**
   * `true`: only orders that need the owner: payment anomalies, changes requested, artwork
   * missing, in-hands date within three days or past.
   */
  attention: optionalQuery(z.enum(['true'], 'Use attention=true, or leave it out.')),
  /** `hide`: leave out checkouts never paid (status pending), unless `status` asks for them. */
  unpaid: optionalQuery(z.enum(['hide'], 'Use unpaid=hide, or leave it out.')),
};

const datesInOrder = (q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is before From.' });
};

/** GET /api/orders query: the filters, a page at a time. */
export const ordersQuerySchema = z
  .object({ limit: queryInt(1, 100, 10), offset: queryInt(0, 1_000_000, 0), ...orderFilters })
  .superRefine(datesInOrder);
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

/** GET /api/order-export query: the same filters, every matching order. */
export const ordersExportQuerySchema = z.object(orderFilters).superRefine(datesInOrder);

/** A row of GET /api/orders. */
export interface AdminOrderRow {
  id: string;
  email: string;
  user_id: string | null;
  status: OrderStatusName;
  subtotal_cents: number;
  total_cents: number;
  created_at: string;
  /** Why the order needs the owner's attention (e.g. paid after it was cancelled); null = nothing to do. */
  attention_reason: string | null;
  attention_at: string | null;
  /** Where a paid job is (null: not paid, or paid before stages existed). */
  stage: OrderStage | null;
  /** When the customer needs it (YYYY-MM-DD), if they said. */
  in_hands_date: string | null;
  /** The day the turnaround promised at checkout (YYYY-MM-DD, "Ready by Thu, Dec 3"); null: none. */
  ready_by: string | null;
  /**
   * The buyer's purchase order: set exactly for an order placed on a business account
   * (docs/decisions/0029-deposits.md).
   */
  po_number: string | null;
  /** What it still owes: total − paid + refunded, never below zero. */
  balance_cents: number;
  /** Everything that needs the owner now, in words (the work queue's column). */
  needs: string[];
  /** Who the job is for: the ship-to name, the account's or the quote requester's (null: only the e-mail is known). */
  customer: string | null;
  /** The job in words: "24 × Tourney Tee, front + back". */
  job: string;
  /** Pieces in the order (charges not counted). */
  pieces: number;
}

export interface AdminOrderItem {
  id: string;
  name: string;
  item_type: string;
  quantity: number;
  unit_price_cents: number;
  variant_metadata: Record<string, unknown>;
  product_id: string | null;
  /** A list-priced line's inputs and breakdown in words, as the order keeps them; null: flat or a charge. */
  priced: LinePricingWords | null;
  /** The price lists a list-priced line or charge was priced with: "Contract chart, version 3". */
  price_lists: string[];
}

/** Where an order goes, as the payment page collected it and the order_shipping table keeps it. */
export interface ShippingAddress {
  name: string;
  address_line1: string;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string;
}

/** A customer's file attached to an order (docs/decisions/0015-print-ordering.md), as the artwork check found it. */
export interface AdminOrderArtwork {
  id: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  /** What the check found: raster, vector or pdf, and its pixel size or pages. */
  kind: string | null;
  width_px: number | null;
  height_px: number | null;
  pages: number | null;
}

/** GET /api/orders/{id} */
export interface AdminOrder extends AdminOrderRow {
  fulfillment: Fulfillment;
  shipping_speed: ShippingSpeed | null;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  discount_code: string | null;
  paid_at: string | null;
  fulfilled_at: string | null;
  cancelled_at: string | null;
  items: AdminOrderItem[];
  /** The artwork the order's lines name (see each item's variant_metadata.locations). */
  artwork: AdminOrderArtwork[];
  /**
   * Where a paid order is in production (docs/decisions/0016-order-workflow.md), the owner's next
   * moves and the timeline; null unless paid.
   */
  /** Refunded so far (refunds in flight included) and each refund (docs/decisions/0016-order-workflow.md). */
  refunded_cents: number;
  refunds: AdminOrderRefund[];
  /** Payments received, the balance due and payment requests (docs/decisions/0029-deposits.md). */
  money: AdminOrderMoney;
  /** The designs whose sizes the owner can change after payment (docs/decisions/0029-deposits.md). */
  designs: AdminOrderDesign[];
  production: {
    stage: string;
    /** Moves the owner makes with a button (sending a proof takes an upload: can_send_proof). */
    next_stages: string[];
    can_send_proof: boolean;
    /**
     * Why production waits although the job is ready for it (docs/decisions/0029-deposits.md: an order to be paid in
     * full before printing that still owes), in the owner's words; null when nothing holds it.
     */
    held: string | null;
    proofs: { id: string; artwork_id: string; file_name: string; note: string | null; created_at: string }[];
    /** The customer's order page (a signed link), to open or to send by hand. */
    customer_url: string;
    shipment: { carrier: string; tracking_number: string; tracking_url: string | null } | null;
    timeline: OrderStageAnswer['timeline'];
  } | null;
  /**
   * The store whose production batch this is (docs/decisions/0030-team-stores.md), null for any other order: a batch
   * is read-only but for its stages, proofs and shipping.
   */
  store_batch: { store_id: string; store_name: string } | null;
  user: { id: string; full_name: string | null; email: string } | null;
  shipping: (ShippingAddress & { shipping_amount_cents: number }) | null;
  /** The customer's phone as the payment page collected it (E.164), null for older orders. */
  phone: string | null;
}
