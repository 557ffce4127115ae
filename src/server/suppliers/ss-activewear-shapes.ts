import { z } from 'zod';

/**
 * The parts of S&S Activewear's REST API v2 answers the shop reads (api.ssactivewear.com/V2,
 * "Styles", "Products", "Orders"); every other field is ignored. Money is dollars as numbers.
 */
export const ssStyles = z.array(
  z.object({
    styleID: z.number().int(),
    partNumber: z.string().optional(),
    brandName: z.string(),
    styleName: z.string(),
    title: z.string().optional().default(''),
    description: z.string().optional().default(''),
  }),
);

const ssWarehouse = z.object({ warehouseAbbr: z.string(), qty: z.number().int() });

export const ssProducts = z.array(
  z.object({
    sku: z.string().min(1),
    styleID: z.number().int(),
    colorName: z.string(),
    color1: z.string().optional().nullable(),
    sizeName: z.string(),
    sizeOrder: z.string().optional().default(''),
    unitWeight: z.number().optional().nullable(),
    customerPrice: z.number(),
    colorFrontImage: z.string().optional().nullable(),
    warehouses: z.array(ssWarehouse).optional().default([]),
  }),
);

export type SsProduct = z.infer<typeof ssProducts>[number];

export const ssOrders = z.array(
  z.object({
    orderNumber: z.union([z.string(), z.number()]).transform(String),
    poNumber: z.string().optional(),
    total: z.number().optional().nullable(),
  }),
);

/** The reasons in an S&S error body ({ "errors": [{ "field", "message" }] } or { "message" }). */
export function ssReasons(text: string): string {
  try {
    const body = JSON.parse(text) as { errors?: { message?: unknown }[]; message?: unknown };
    const reasons = (body.errors ?? []).map((e) => e.message).filter((m): m is string => typeof m === 'string');
    if (reasons.length > 0) return reasons.join('; ');
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: fall through to a generic reason
  }
  return 'no reason given';
}
