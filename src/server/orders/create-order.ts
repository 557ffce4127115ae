import type { Kysely } from 'kysely';
import type { DesignCharge } from '../../lib/pricing/print-locations.ts';
import type { Fulfillment, PriceBreakdown, ShippingSpeed } from '../../lib/pricing/cart-totals.ts';
import { refuseAboveMaxCharge } from './charge-limit.ts';
import type { Database } from '../db/types.ts';
import type { OrderChargePricing, OrderItemPricing } from '../../lib/pricing/line-record.ts';
import { type OrderSource, writeOrder } from './order-writer.ts';

/**
 * orders.email is required, but the customer types it on the payment page, after the order
 * exists. Until then a pending order carries this address (.invalid is reserved and can never
 * receive mail); payment replaces it with the one the customer gave.
 */
export const PENDING_EMAIL = 'guest@checkout.invalid';

/** A piece as checkout priced it, as the order keeps it (checkout's CheckoutLine is one). */
export interface NewOrderLine {
  productId: string;
  colorId: string | null;
  sizeId: string | null;
  /** Product name as it is now (snapshotted into the order). */
  name: string;
  colorName: string | null;
  sizeName: string | null;
  unitPriceCents: number;
  /** The chosen print locations with their artwork (null: later). */
  locations: readonly { code: string; name: string; artworkId: string | null }[];
  quantity: number;
  /** How the owner's lists priced the line; null or absent: flat price and tiers. */
  pricing?: OrderItemPricing | null;
  /** More for the order line's variant_metadata (a store line's design and personalisation). */
  metadata?: Record<string, unknown>;
}

/**
 * A charge of an order besides its pieces: a print location on a design's pieces, or its setup
 * fee; for products priced by lists (docs/decisions/0027-price-lists.md,
 * src/lib/pricing/price-list-lines.ts), a design's screens, digitizing or setup, or the order's
 * rush surcharge (no product).
 */
export interface ChargeLine {
  productId: string | null;
  kind: DesignCharge['kind'] | 'screens' | 'digitizing' | 'rush';
  name: string;
  unitPriceCents: number;
  quantity: number;
  /** A list-priced charge's list and version (order_items.pricing); absent: flat. */
  pricing?: OrderChargePricing;
}

export interface NewOrder {
  lines: readonly NewOrderLine[];
  /** Print locations on the designs' pieces and their setup fees: order lines of their own. */
  charges: ChargeLine[];
  pricing: PriceBreakdown;
  fulfillment: Fulfillment;
  shippingSpeed: ShippingSpeed;
  /** The promo code the order used, if any. */
  discount: { id: string; code: string } | null;
  /** The address a personal code binds the order to (bindPersonalCode), else null. */
  discountEmail: string | null;
  cartId: string | null;
  /** 'account': billed to a business account once its buyer confirms by e-mail (docs/decisions/0029-deposits.md). */
  provider: 'stripe' | 'embedded' | 'account';
  expiresAt: Date;
  /** The hashed address of the client holding the stock (see hold-limit.ts). */
  holdClientKey?: string | null;
  /** When the customer needs it in hand (YYYY-MM-DD), if they said. */
  inHandsDate?: string | null;
  /** The day the turnaround list promised when the order was placed (YYYY-MM-DD), if one priced it. */
  readyBy?: string | null;
  /**
   * A store buyer's order (docs/decisions/0030-team-stores.md): its store, and the buyer's address
   * and name as typed.
   */
  store?: { id: string; email: string; customerName: string } | null;
}

/**
 * A pending order of a cart (or a cart on account, or a store buyer's pieces) and its lines (name,
 * options, quantity and unit price as of now), written by the one creator (order-writer.ts).
 * An order that comes to more than the payment provider can charge is refused here, before
 * anything is stored (its caller's transaction rolls back).
 */
export async function insertPendingOrder(trx: Kysely<Database>, order: NewOrder): Promise<{ id: string }> {
  const local = order.fulfillment === 'local';
  const { pricing } = order;
  refuseAboveMaxCharge(pricing.total_cents, 'An order', { items: 'Split the order into several smaller ones.' });
  const source: OrderSource = order.store
    ? { kind: 'store', storeId: order.store.id, customerName: order.store.customerName }
    : { kind: order.provider === 'account' ? 'account' : 'cart', cartId: order.cartId };
  return writeOrder(trx, {
    source,
    order: {
      // A personal code's order is for its address from the start; the payment page cannot change it.
      email: order.discountEmail ?? order.store?.email ?? PENDING_EMAIL,
      discount_email: order.discountEmail,
      status: 'pending',
      fulfillment: order.fulfillment,
      shipping_speed: local ? null : order.shippingSpeed,
      subtotal_cents: pricing.subtotal_cents,
      discount_cents: pricing.discount_cents,
      shipping_cents: pricing.shipping_cents,
      tax_cents: pricing.tax_cents,
      tax_rate_milli: pricing.tax_rate_milli,
      tax_label: pricing.tax_label,
      total_cents: pricing.total_cents,
      discount_code_id: order.discount?.id ?? null,
      discount_code: order.discount?.code ?? null,
      payment_provider: order.provider,
      idempotency_key: crypto.randomUUID(),
      expires_at: order.expiresAt,
      hold_client_key: order.holdClientKey ?? null,
      in_hands_date: order.inHandsDate ?? null,
      ready_by: order.readyBy ?? null,
    },
    // The pieces, then what their designs add (print locations, setup fees).
    pieces: order.lines.map((line) => ({
      productId: line.productId,
      colorId: line.colorId,
      sizeId: line.sizeId,
      name: line.name,
      itemType: 'product',
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      metadata: {
        ...(line.colorName ? { color: line.colorName } : {}),
        ...(line.sizeName ? { size: line.sizeName } : {}),
        ...(line.locations.length > 0
          ? { locations: line.locations.map((l) => ({ code: l.code, name: l.name, artwork_id: l.artworkId })) }
          : {}),
        ...line.metadata,
      },
      pricing: line.pricing ?? null,
    })),
    charges: order.charges.map((charge) => ({
      productId: charge.productId,
      name: charge.name,
      itemType: charge.kind,
      quantity: charge.quantity,
      unitPriceCents: charge.unitPriceCents,
      pricing: charge.pricing ?? null,
    })),
  });
}
