import type { Config } from '@netlify/functions';
import { adminFunction } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { openReceivables } from '../../src/server/orders/receivables/open-receivables.ts';

/**
 * GET /api/admin/receivables: open invoices and payment requests by customer, aged
 * (docs/decisions/0029-deposits.md).
 */
export default adminFunction(async (_req, { db }) => json(await openReceivables(db)));

export const config: Config = { path: '/api/admin/receivables', method: 'GET' };
