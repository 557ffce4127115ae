import type { DecorationList, PriceList } from '../pricing/lists.ts';
import { z } from '../zod.ts';

/**
 * POST /api/orders/{id}/sizes (docs/decisions/0029-deposits.md, order changes after payment): the owner sets the pieces
 * of sizes of one design of a paid order, named by any of its lines (`item_id`): a size it names
 * gets that many (0 takes it off the order), a size it does not name stays as it is.
 */
export const orderSizesSchema = z.strictObject({
  item_id: z.uuid('Not a line of this order.'),
  sizes: z
    .array(
      z.strictObject({
        size_id: z.uuid('Not a size of this product.').nullable(),
        quantity: z
          .number('Enter the number of pieces.')
          .int('Enter whole pieces.')
          .min(0, 'Enter 0 or more pieces.')
          .max(100_000, 'That is more pieces than any order.'),
      }),
      'List the sizes to change.',
    )
    .min(1, 'Change at least one size.')
    .max(50, 'At most 50 sizes.')
    .refine((sizes) => new Set(sizes.map((s) => s.size_id)).size === sizes.length, 'Name each size once.'),
});
export type OrderSizesInput = z.infer<typeof orderSizesSchema>;

/** A print location the owner can add to a design: the product's today, with the list that prices it. */
export interface AdminAddableLocation {
  code: string;
  name: string;
  /** Flat: the charge a piece and the setup fee. */
  price_cents_per_piece: number;
  setup_fee_cents: number;
  /** The decoration list that prices it (what it asks: ink colours, stitches, a print size), or null. */
  price_list: PriceList<DecorationList> | null;
}

/** A design of an order whose sizes and print locations the owner can change, as the dialog offers it. */
export interface AdminOrderDesign {
  /** A line of the design: what POST /api/orders/{id}/sizes names it by. */
  item_id: string;
  /** "City Champ Tourney Tee (Black)" with its print locations: "back". */
  label: string;
  /** The product's sizes on sale now and the sizes on the order, with the pieces ordered (0: none). */
  sizes: { size_id: string | null; name: string; quantity: number }[];
  /** The design's print locations (POST /api/orders/{id}/locations removes one by its code). */
  locations: { code: string; name: string }[];
  /** The product's other print locations, which can be added. */
  addable: AdminAddableLocation[];
  /** Priced by the owner's lists: an added location is priced by its list, a flat one is refused. */
  list_priced: boolean;
}
