import { z } from '../zod.ts';
import { dateSchema, idSchema, optionalQuery, queryInt } from './fields.ts';

/**
 * The owner's activity log (issue 45): what each person in the back office did, by kind. Order
 * work comes from the orders' timelines, price-list saves from their versions, product saves and
 * store actions from staff_activity.
 */
export const ACTIVITY_KINDS = {
  stage: 'Stage moves and proofs',
  artwork: 'Artwork received',
  refund: 'Refunds',
  cancel: 'Cancellations',
  payment_request: 'Payment requests',
  order_change: 'Order changes',
  price_list: 'Price-list saves',
  product: 'Product saves',
  store: 'Store actions',
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;
const KIND_KEYS = Object.keys(ACTIVITY_KINDS) as [ActivityKind, ...ActivityKind[]];

const filters = {
  staff_id: optionalQuery(idSchema),
  kind: optionalQuery(z.enum(KIND_KEYS, `Kind must be one of ${KIND_KEYS.join(', ')}.`)),
  /** Whole days in the shop's time zone, both ends included. */
  from: optionalQuery(dateSchema),
  to: optionalQuery(dateSchema),
};

const datesInOrder = (q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is before From.' });
};

/** GET /api/admin/activity: the filters, a page at a time (newest first). */
export const activityQuerySchema = z
  .object({ limit: queryInt(1, 200, 50), offset: queryInt(0, 1_000_000, 0), ...filters })
  .superRefine(datesInOrder);
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** GET /api/admin/activity.csv: the same filters, every matching entry. */
export const activityExportQuerySchema = z.object(filters).superRefine(datesInOrder);

/** One thing a person did. */
export interface ActivityEntry {
  id: string;
  at: string;
  /** When, on the shop's clock, in words ("Sun, Nov 29, 2026, 5:30 PM"). */
  at_words: string;
  staff_id: string;
  /** Who did it ("Maria"; a removed person keeps their name). */
  by: string;
  kind: ActivityKind;
  kind_words: string;
  /** What it was about: "Order 3F2A9C1B", "Price list Screen print", "Product Game day hoodie". */
  subject: string;
  /** The order it was on, to open it; null for the catalogue and stores. */
  order_id: string | null;
  words: string;
}

export interface ActivityAnswer {
  entries: ActivityEntry[];
  total: number;
  /** Everyone who may appear, removed people too, for the person filter. */
  people: { id: string; name: string; removed: boolean }[];
}
