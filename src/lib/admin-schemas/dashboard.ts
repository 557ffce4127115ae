import { z } from '../zod.ts';
import { queryInt } from './fields.ts';

/** GET /api/dashboard: the owner's numbers over the last `days` days (docs/decisions/0016-order-workflow.md). */
export const dashboardQuerySchema = z.object({ days: queryInt(7, 366, 30) });

export interface DashboardAnswer {
  days: number;
  /** The window's first and last day (YYYY-MM-DD, the shop's time zone; `to` is today). */
  from: string;
  to: string;
  /** Net revenue (paid minus refunded) and paid orders per day of the window, oldest first, every day present. */
  revenue_by_day: { day: string; cents: number; orders: number }[];
  average_order_cents: number | null;
  /** Paid jobs per production stage (now). */
  stages: Record<string, number>;
  /** Best sellers in the period by revenue. */
  top_products: { name: string; pieces: number; cents: number }[];
  /** From a proof sent to the customer's answer, in hours, over proofs sent in the period. */
  proof_turnaround: { answered: number; median_hours: number | null; average_hours: number | null };
  /** Stock at or under its product's threshold, lowest first (one row per variant; the screen groups them per product). */
  low_stock: {
    product_id: string;
    product: string;
    color: string | null;
    size: string | null;
    stock: number;
    threshold: number;
  }[];
}
