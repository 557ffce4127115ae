import { CARRIERS } from '../orders/carriers.ts';
import { ORDER_STAGES } from '../orders/order-stages.ts';
import { z } from '../zod.ts';

/**
 * POST /api/orders/{id}/stage: the owner moves an order to its next production stage
 * (docs/decisions/0016-order-workflow.md). Shipping needs the carrier and the tracking number; the
 * tracking link is the carrier's own page unless one is given (required for "Other").
 */
export const orderStageMoveSchema = z
  .strictObject({
    to: z.enum(ORDER_STAGES, `Stage must be one of ${ORDER_STAGES.join(', ')}.`),
    comment: z.string().trim().max(2000, 'Use at most 2000 characters.').nullable().optional(),
    carrier: z.enum(CARRIERS, `Carrier must be one of ${CARRIERS.join(', ')}.`).optional(),
    tracking_number: z
      .string()
      .trim()
      .min(1, 'Enter the tracking number.')
      .max(100, 'Use at most 100 characters.')
      .regex(/^[A-Za-z0-9 -]+$/, 'A tracking number has letters, digits, spaces and dashes only.')
      .optional(),
    // Normalised (scheme and host lower-cased, as new URL() writes them): HTTPS://… is the https
    // link it is, and the stored text meets the database's ^https:// check.
    tracking_url: z
      .url({ protocol: /^https$/, normalize: true, error: 'The tracking link must be an https:// address.' })
      .max(500)
      .optional(),
  })
  .refine((v) => v.to !== 'shipped' || (v.carrier && v.tracking_number), {
    path: ['tracking_number'],
    message: 'Give the carrier and the tracking number to mark the order shipped.',
  })
  .refine((v) => v.to !== 'shipped' || v.carrier !== 'Other' || v.tracking_url, {
    path: ['tracking_url'],
    message: 'Give the tracking link for this carrier.',
  });
export type OrderStageMove = z.infer<typeof orderStageMoveSchema>;

/** Who took a step of an order's timeline. */
export type OrderEventActor = 'owner' | 'customer' | 'system';
/** stage: a move (to_stage set); the others are the timeline's other steps. */
export type OrderEventKind =
  | 'stage'
  | 'proof'
  | 'refund'
  | 'reminder'
  | 'cancel'
  | 'artwork'
  | 'payment_request'
  | 'payment'
  /** The owner changed a paid order's lines (an adjustment, a quantity): the comment says how. */
  | 'order_change';

/** One step of an order's timeline. */
export interface OrderTimelineEvent {
  id: string;
  created_at: string;
  actor: OrderEventActor;
  kind: OrderEventKind;
  from_stage: string | null;
  to_stage: string | null;
  comment: string | null;
  /** Who did it, in words: the staff member's name ("Maria"), the customer or the shop. */
  by: string;
}

/** The answer: where the order is now, and its whole timeline. */
export interface OrderStageAnswer {
  id: string;
  stage: string;
  timeline: OrderTimelineEvent[];
}

/** POST /api/orders/{id}/proofs: send a proof the admin's browser uploaded and the shop checked. */
export const orderProofSchema = z.strictObject({
  artwork_id: z.uuid('Not a valid upload id.'),
  owner_token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'Not a valid owner token.'),
  note: z.string().trim().max(2000, 'Use at most 2000 characters.').nullable().optional(),
});
export type OrderProofInput = z.infer<typeof orderProofSchema>;

/** Stages a bulk move may not take: a proof needs its upload, a shipment its tracking number. */
export const NOT_IN_BULK = ['proof_sent', 'shipped'] as const;

/** POST /api/order-stages: move several orders to one stage at once (each checked on its own). */
export const orderStageBulkSchema = z
  .strictObject({
    ids: z
      .array(z.uuid('Not an order id.'))
      .min(1, 'Choose at least one order.')
      .max(100, 'Move at most 100 orders at once.')
      .refine((ids) => new Set(ids).size === ids.length, 'An order is named twice.'),
    to: z.enum(ORDER_STAGES, `Stage must be one of ${ORDER_STAGES.join(', ')}.`),
    comment: z.string().trim().max(2000, 'Use at most 2000 characters.').nullable().optional(),
  })
  .refine((v) => !(NOT_IN_BULK as readonly string[]).includes(v.to), {
    path: ['to'],
    message: 'Send proofs and ship orders one at a time.',
  });

/** The answer: which orders moved, and why each other one did not. */
export interface OrderStageBulkAnswer {
  moved: string[];
  refused: { id: string; reason: string }[];
}

/**
 * POST /api/orders/{id}/artwork: artwork the customer sent by e-mail
 * (docs/decisions/0028-owner-and-receipts.md), uploaded and checked like any customer file, goes on
 * the line's print location that waits for it.
 */
export const orderArtworkSchema = z.strictObject({
  item_id: z.uuid('Not an order line.'),
  location: z.string().trim().min(1, 'Choose the print location.').max(60, 'Use at most 60 characters.'),
  artwork_id: z.uuid('Not a valid upload id.'),
  owner_token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'Not a valid owner token.'),
});
export type OrderArtworkInput = z.infer<typeof orderArtworkSchema>;
