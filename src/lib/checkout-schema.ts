import { z } from 'zod';

/**
 * Payloads of the checkout calls (spec §7), shared by the islands that send them and the
 * functions that validate them. A `price_cents` sent by a browser is accepted for
 * compatibility and ignored: the server charges database prices only.
 */
export const fulfillmentSchema = z.enum(['shipping', 'local']);
export const shippingSpeedSchema = z.enum(['standard', 'express', 'overnight']);
const discountCode = z.string().trim().min(1).max(64);

export const checkoutLineSchema = z.strictObject({
  productId: z.uuid(),
  colorId: z.uuid().nullable().optional(),
  sizeId: z.uuid().nullable().optional(),
  quantity: z.int().min(1).max(999),
  price_cents: z.int().min(0).optional(),
});

/** POST /api/cart/checkout */
export const cartCheckoutSchema = z.strictObject({
  cartId: z.uuid().nullable().optional(),
  items: z.array(checkoutLineSchema).min(1, 'Your cart is empty.').max(50),
  fulfillment: fulfillmentSchema,
  shippingSpeed: shippingSpeedSchema.default('standard'),
  discountCode: discountCode.nullable().optional(),
});

/** POST /api/checkout (Buy Now) */
export const buyNowSchema = z.strictObject({
  productId: z.uuid(),
  quantity: z.int().min(1).max(999),
  color_id: z.uuid().nullable().optional(),
  size_id: z.uuid().nullable().optional(),
  fulfillment: fulfillmentSchema,
  shippingSpeed: shippingSpeedSchema.default('standard'),
});

/** POST /api/discount-codes/validate */
export const discountValidateSchema = z.strictObject({ code: discountCode });

/** Answer of both checkout calls: the browser is sent to `url`. */
export interface CheckoutAnswer {
  url: string;
}

/** Spec §3 Checkout session, as GET /api/checkout/session answers it. */
export interface CheckoutSessionView {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  line_items: {
    data: {
      id: string;
      description: string;
      name: string;
      quantity: number;
      amount_total: number;
      amount_subtotal: number;
    }[];
  };
}

export type CartCheckout = z.infer<typeof cartCheckoutSchema>;
export type BuyNow = z.infer<typeof buyNowSchema>;
