import { z } from '../zod.ts';

/**
 * The owner's price lists (docs/decisions/0027-price-lists.md, DESIGN.md "Price lists"): the shapes stored in
 * price_lists.data and edited in the admin, one per decoration method, with the rules a list
 * must keep (ascending quantity bands starting at 1, no gaps, no negative cells). Money is
 * integer cents; lengths are inches; a share is 0..1. The engine (./price-job.ts) reads only
 * these shapes, so a list that parses here prices without surprises.
 */

const cents = z.number().int().min(0, 'Prices cannot be negative.').max(100_000_000);
const count = z.number().int().min(1).max(1_000_000);
const inches = z.number().positive().max(12_000);
const code = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes.')
  .max(40);
const label = z.string().trim().min(1, 'Name it.').max(120);

/**
 * Rows of a grid: the quantity (or, for area lists, square feet) each band starts at, ascending,
 * the first at 1. A band runs to the next band's start minus one; the last has no end.
 */
const bandStarts = z
  .array(count)
  .min(1, 'Add at least one quantity band.')
  .max(40)
  .superRefine((rows, ctx) => {
    if (rows[0] !== 1) ctx.addIssue({ code: 'custom', path: [0], message: 'The first band starts at 1.' });
    for (let i = 1; i < rows.length; i++) {
      if (rows[i]! <= rows[i - 1]!) {
        ctx.addIssue({ code: 'custom', path: [i], message: 'Each band starts above the one before it.' });
      }
    }
  });

/**
 * A price grid: `rows` are band starts; `cells[r][c]` is the price (cents) for band r in column
 * c, where the method names the columns (ink colours, stitch bands, print sizes, materials).
 * null: not offered in that band and column.
 */
export const priceGridSchema = z
  .object({ rows: bandStarts, cells: z.array(z.array(cents.nullable()).min(1).max(40)).max(40) })
  .superRefine((grid, ctx) => {
    if (grid.cells.length !== grid.rows.length) {
      ctx.addIssue({ code: 'custom', path: ['cells'], message: 'Every quantity band needs a row of prices.' });
    }
    const width = grid.cells[0]?.length ?? 0;
    grid.cells.forEach((row, r) => {
      if (row.length !== width) {
        ctx.addIssue({ code: 'custom', path: ['cells', r], message: 'Every row has the same columns.' });
      }
    });
  });
export type PriceGrid = z.infer<typeof priceGridSchema>;

/** A fee's waiver or discount from a quantity on: pieces ≥ min_pieces and colours ≤ max_colors → share of the fee charged. */
const feeRule = z.object({
  min_pieces: count,
  max_colors: count.max(40),
  /** 0 waives the fee, 0.5 halves it. */
  share: z.number().min(0).max(1),
});

/** A per-piece extra the customer or the garment brings (flash/underbase on dark garments). */
const surcharge = z.object({
  code,
  label,
  cents_per_piece: cents,
  /** 'dark_garment': added on dark colours; 'always'; 'optional': the customer ticks it. */
  when: z.enum(['dark_garment', 'always', 'optional']),
});

/** Screen print, per location: quantity band × ink colours (column c = c + 1 colours). */
export const screenPrintListSchema = z.object({
  method: z.literal('screen_print'),
  /** cells[r][c]: the first location's price per piece with c + 1 colours. */
  grid: priceGridSchema,
  /**
   * Further locations of the same design: null prices each from the grid; otherwise the rule
   * (e.g. +$0.75 for the first colour, +$0.25 per further colour).
   */
  additional_location: z.object({ first_color_cents: cents, per_extra_color_cents: cents }).nullable(),
  /** One screen per colour per location, charged once per design per order. */
  screen_fee_cents: cents,
  /** The first matching rule (most pieces first) sets the share of the screen fees charged. */
  screen_fee_rules: z.array(feeRule).max(20),
  /** 'line': the screens are a line of their own; 'spread': their total is spread over the pieces. */
  screen_fee_display: z.enum(['line', 'spread']),
  surcharges: z.array(surcharge).max(20),
});

/** Embroidery: quantity band × stitch band (column c: up to stitch_bands[c] stitches). */
export const embroideryListSchema = z.object({
  method: z.literal('embroidery'),
  /** Ascending upper bounds of the stitch bands, e.g. [5000, 10000, 15000]. */
  stitch_bands: z.array(z.number().int().min(100).max(1_000_000)).min(1).max(20),
  grid: priceGridSchema,
  /**
   * Per extra 1,000 stitches past the last band, per quantity band (same rows as the grid);
   * null: nothing past the last band is offered.
   */
  extra_per_thousand_cents: z.array(cents).nullable(),
  /** The most stitches taken at all (past the last band only with extra_per_thousand_cents). */
  max_stitches: z.number().int().min(100).max(1_000_000),
  /** One-time digitizing fee per design, charged once per order. */
  digitizing_fee_cents: cents,
  /** Sizes in words customers pick from ("Left-chest logo, up to 5,000 stitches"). */
  size_choices: z
    .array(z.object({ code, label, stitches: z.number().int().min(100).max(1_000_000) }))
    .min(1)
    .max(20),
});

/** DTG / DTF / heat transfer: quantity band × print size band, light and (optionally) dark garments. */
export const transferListSchema = z.object({
  method: z.enum(['dtg', 'dtf', 'heat_transfer']),
  /** Column c of the grids: prints up to max_width_in × max_height_in. */
  print_sizes: z
    .array(z.object({ code, label, max_width_in: inches, max_height_in: inches }))
    .min(1)
    .max(20),
  light: priceGridSchema,
  /** Prices on dark garments (same rows and columns); null: the light prices apply. */
  dark: priceGridSchema.nullable(),
  setup_fee_cents: cents,
});

/** Flat (the shop's behaviour before price lists): a price per piece and a setup fee once per design. */
export const flatListSchema = z.object({
  method: z.literal('flat'),
  cents_per_piece: cents,
  setup_fee_cents: cents,
});

/** Garments: extras by size on the blank's own price and quantity tiers (e.g. 2XL +$2). */
export const garmentListSchema = z.object({
  method: z.literal('garment'),
  /** Matched by the size's name, case-insensitive ("2XL"). */
  size_upcharges: z.array(z.object({ size: z.string().trim().min(1).max(20), cents })).max(40),
});

/** A finishing option of an area product, priced per piece, per linear foot of edge, per square foot or as a share. */
const finishing = z.object({
  code,
  label,
  basis: z.enum(['piece', 'edge_ft', 'sqft', 'percent']),
  /** Cents for piece/edge_ft/sqft; for 'percent' a whole percent of the area price (100 = double-sided at twice). */
  amount: z.number().int().min(0).max(100_000_000),
});

/**
 * Area products (banners, signs, decals, stickers): width × height in inches, priced per square
 * foot by material (grid columns), quantity bands on pieces or on the total area.
 */
export const areaListSchema = z.object({
  method: z.literal('area'),
  materials: z.array(z.object({ code, label })).min(1).max(20),
  /** cells[r][c]: cents per square foot of materials[c] in band r. */
  grid: priceGridSchema,
  /** What the bands count: the pieces of the line, or the line's total square feet (rounded up). */
  band_basis: z.enum(['pieces', 'sqft']),
  /** Each piece bills at least this area (e.g. 1 sq ft for small stickers). */
  min_billable_sqft: z.number().min(0).max(10_000),
  /** The line costs at least this much. */
  min_charge_cents: cents,
  finishing: z.array(finishing).max(20),
});

/** Turnaround: standard business days after proof approval and rush options as a percentage. */
export const turnaroundListSchema = z.object({
  method: z.literal('turnaround'),
  standard_days: z.number().int().min(1).max(120),
  rush: z
    .array(
      z.object({
        code,
        label,
        business_days: z.number().int().min(1).max(120),
        percent: z.number().int().min(0).max(500),
      }),
    )
    .max(10),
});

/**
 * Any list's shape, its rules across fields not yet checked: parse with priceListDataSchema
 * (./list-schema.ts), which adds them (./list-rules.ts).
 */
export const priceListShapeSchema = z.discriminatedUnion('method', [
  screenPrintListSchema,
  embroideryListSchema,
  transferListSchema,
  flatListSchema,
  garmentListSchema,
  areaListSchema,
  turnaroundListSchema,
]);
export type PriceListData = z.infer<typeof priceListShapeSchema>;
export type PriceListMethod = PriceListData['method'];
export type ScreenPrintList = z.infer<typeof screenPrintListSchema>;
export type EmbroideryList = z.infer<typeof embroideryListSchema>;
export type TransferList = z.infer<typeof transferListSchema>;
export type FlatList = z.infer<typeof flatListSchema>;
export type GarmentList = z.infer<typeof garmentListSchema>;
export type AreaList = z.infer<typeof areaListSchema>;
export type TurnaroundList = z.infer<typeof turnaroundListSchema>;
/** The lists a print location can use. */
export type DecorationList = ScreenPrintList | EmbroideryList | TransferList | FlatList;

/** A stored list: its id, the owner's name for it and the version an order line keeps. */
export interface PriceList<D extends PriceListData = PriceListData> {
  id: string;
  name: string;
  version: number;
  data: D;
}
