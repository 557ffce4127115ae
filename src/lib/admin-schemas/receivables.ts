import { z } from '../zod.ts';
import { dateSchema } from './fields.ts';

/**
 * GET /api/admin/receivables/invoices.csv and /payments.csv: the invoices issued, or the
 * payments received, from `from` to `to` (whole days in the shop's time zone, both included).
 */
export const receivablesExportQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is before From.' });
  });
export type ReceivablesExportQuery = z.infer<typeof receivablesExportQuerySchema>;
