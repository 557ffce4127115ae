import { z } from '../zod.ts';
import {
  centsSchema,
  idListSchema,
  idSchema,
  nameSchema,
  nullableCountSchema,
  nullableMeasureSchema,
  nullablePrintWidthSchema,
  nullableTextSchema,
  slugSchema,
  sortOrderSchema,
} from './fields.ts';
import { SLUG_PATTERN } from '../catalog/products.ts';
import { checkAreaBounds, priceListIdSchema, productPriceListFields } from './product-price-lists.ts';
import { colorImagesSchema } from './color-images.ts';
import { checkImagePairs, mainImageFields, secondaryImageFields } from './images.ts';

/**
 * Stock of one colour x size (ids null where the product has no colours, or no sizes); a stock of
 * null (or an empty cell) is not tracked, made to order (issue 44).
 */
export const variantInputSchema = z.strictObject({
  color_id: idSchema.nullable().default(null),
  size_id: idSchema.nullable().default(null),
  stock_qty: nullableCountSchema(0),
});

/** One quantity price tier: from `min_quantity` pieces on (2 or more; one piece costs price_cents). */
export const priceTierInputSchema = z.strictObject({
  min_quantity: z.int('Enter the pieces as a whole number.').min(2, 'A tier starts at 2 pieces or more.').max(100000),
  unit_price_cents: centsSchema,
});

/** The tiers of a product, any order; each starts at a different number of pieces. */
const priceTiersSchema = z
  .array(priceTierInputSchema)
  .max(20, 'Use at most 20 tiers.')
  .superRefine((tiers, ctx) => {
    const seen = new Set<number>();
    tiers.forEach((tier, index) => {
      if (seen.has(tier.min_quantity)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'min_quantity'],
          message: `Another tier already starts at ${tier.min_quantity} pieces.`,
        });
      }
      seen.add(tier.min_quantity);
    });
  });

/** "Left sleeve" → "left-sleeve": the code a location is kept under when none is given. */
export function locationCode(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/**
 * One print location (docs/decisions/0015-print-ordering.md): its name, a price per printed piece
 * and a one-time setup fee per design, and how wide it prints in inches
 * (docs/decisions/0027-price-lists.md; left out or empty: not set). The code names it in carts and
 * orders; it is derived from the name when left out, and kept when the location is renamed.
 */
export const printLocationInputSchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .max(40, 'Use at most 40 characters.')
      .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Use lowercase letters, digits and single hyphens.')
      .optional(),
    name: z.string().trim().min(1, 'Name the location.').max(80, 'Use at most 80 characters.'),
    price_cents_per_piece: centsSchema,
    setup_fee_cents: centsSchema,
    print_width_in: nullablePrintWidthSchema.optional().transform((v) => v ?? null),
    /**
     * The decoration price list pricing it (docs/decisions/0027-price-lists.md); null or left out:
     * its own prices above.
     */
    price_list_id: priceListIdSchema,
  })
  .transform((l, ctx) => {
    const code = l.code || locationCode(l.name);
    if (!code) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Use letters or digits in the name.' });
      return z.NEVER;
    }
    return { ...l, code };
  });

/** The locations of a product, in the order shown to customers; each code once. */
const printLocationsSchema = z
  .array(printLocationInputSchema)
  .max(8, 'Offer at most 8 print locations.')
  .superRefine((locations, ctx) => {
    const seen = new Set<string>();
    locations.forEach((location, index) => {
      if (seen.has(location.code)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `Another location is already called "${location.name}".`,
        });
      }
      seen.add(location.code);
    });
  });

const productFields = {
  name: nameSchema(160),
  slug: slugSchema,
  price_cents: centsSchema,
  sku: nullableTextSchema(64),
  product_type: nullableTextSchema(80),
  /** Multi-line: the first line is the intro, further non-empty lines are highlights. */
  description: z.string().max(5000, 'Use at most 5000 characters.'),
  /** The collection's slug (chosen from a list, so every refusal reads as a choice to make). */
  collection: z
    .string('Choose a collection.')
    .trim()
    .min(1, 'Choose a collection.')
    .max(120, 'Choose a collection.')
    .regex(SLUG_PATTERN, 'Choose a collection.'),
  color_ids: idListSchema,
  size_ids: idListSchema,
  /**
   * Stock per colour x size; replaces the product's variants when sent. Leave it out of an
   * update that does not change stock, so sales made since the form was loaded are kept.
   */
  variants: z.array(variantInputSchema).max(2000),
  /** Stock of a product without colours and sizes; null = not tracked (made to order). */
  stock_qty: nullableCountSchema(0),
  /** Fewest pieces per order line (one colour, sizes together); 1 = no minimum. */
  minimum_quantity: z.int('Enter the minimum as a whole number.').min(1, 'The minimum is 1 or more.').max(100000),
  /** Pieces at or under which a variant shows in the low-stock list (0 = never). */
  low_stock_threshold: z.int('Enter a whole number of pieces.').min(0, 'Use 0 or more.').max(100000),
  /** Quantity price tiers; replace the product's tiers when sent (an empty list: one price). */
  price_tiers: priceTiersSchema,
  /** Print locations; replace the product's locations when sent (an empty list: none offered). */
  print_locations: printLocationsSchema,
  weight_oz: nullableMeasureSchema,
  length_in: nullableMeasureSchema,
  width_in: nullableMeasureSchema,
  height_in: nullableMeasureSchema,
  /** Stripe Buy Button id; products with one are listed on /buy. */
  stripe_buy_button_id: nullableTextSchema(100),
  /**
   * Price lists (docs/decisions/0027-price-lists.md): size upcharges, width × height pricing and
   * its sizes, turnaround.
   */
  ...productPriceListFields,
  is_active: z.boolean(),
  sort_order: sortOrderSchema,
  ...mainImageFields,
  ...secondaryImageFields,
  /** A picture per colour (optional); replaces the product's colour pictures when sent. */
  color_images: colorImagesSchema,
};

const pairs = checkImagePairs(['main', 'secondary']);

/** POST /api/products. name, slug, price_cents and collection are required; is_active defaults to true. */
export const productCreateSchema = z
  .strictObject(productFields)
  .partial({
    sku: true,
    product_type: true,
    description: true,
    color_ids: true,
    size_ids: true,
    variants: true,
    stock_qty: true,
    minimum_quantity: true,
    low_stock_threshold: true,
    price_tiers: true,
    print_locations: true,
    weight_oz: true,
    length_in: true,
    width_in: true,
    height_in: true,
    stripe_buy_button_id: true,
    garment_list_id: true,
    area_list_id: true,
    turnaround_list_id: true,
    area_min_width_in: true,
    area_max_width_in: true,
    area_min_height_in: true,
    area_max_height_in: true,
    area_presets: true,
    is_active: true,
    sort_order: true,
    color_images: true,
  })
  .superRefine(pairs)
  .superRefine(checkAreaBounds);

/** PUT /api/products/{id}: any subset of the fields; those left out keep their values. */
export const productUpdateSchema = z
  .strictObject(productFields)
  .partial()
  .extend({ id: idSchema.optional() })
  .superRefine(pairs)
  .superRefine(checkAreaBounds);

export type ProductCreate = z.infer<typeof productCreateSchema>;
export type ProductUpdate = z.infer<typeof productUpdateSchema>;
export type VariantInput = z.infer<typeof variantInputSchema>;
export type PriceTierInput = z.infer<typeof priceTierInputSchema>;
export type PrintLocationInput = z.output<typeof printLocationInputSchema>;

/** A product as the admin API answers it. */
export interface AdminProduct {
  id: string;
  name: string;
  slug: string;
  price_cents: number;
  sku: string | null;
  product_type: string | null;
  description: string;
  collection: string;
  /** image_url: the product's picture in that colour; null: the main image. */
  colors: { id: string; name: string; hex: string; image_url: string | null }[];
  sizes: { id: string; name: string }[];
  /** stock_qty null: not tracked (made to order). */
  variants: { color_id: string | null; size_id: string | null; stock_qty: number | null }[];
  stock_qty: number | null;
  minimum_quantity: number;
  low_stock_threshold: number;
  price_tiers: { min_quantity: number; unit_price_cents: number }[];
  print_locations: {
    code: string;
    name: string;
    price_cents_per_piece: number;
    setup_fee_cents: number;
    /** Inches; null: not set. */
    print_width_in: number | null;
    /** The decoration price list pricing it; null: its own prices. */
    price_list_id: string | null;
  }[];
  garment_list_id: string | null;
  area_list_id: string | null;
  turnaround_list_id: string | null;
  area_min_width_in: number | null;
  area_max_width_in: number | null;
  area_min_height_in: number | null;
  area_max_height_in: number | null;
  /** Sizes offered in one tap, in inches ([]: none). */
  area_presets: { label: string; width_in: number; height_in: number }[];
  weight_oz: number | null;
  length_in: number | null;
  width_in: number | null;
  height_in: number | null;
  stripe_buy_button_id: string | null;
  image_main_url: string | null;
  image_secondary_url: string | null;
  is_active: boolean;
  sort_order: number;
  created_at: string;
  updated_at: string;
}
