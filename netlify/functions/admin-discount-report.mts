import type { Config } from '@netlify/functions';
import { listDiscountCodes } from '../../src/server/admin/discount-codes.ts';
import { adminFunction } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';

/** GET /api/discount_codes/report: every code with its usage (total_uses of max_uses). */
export default adminFunction(async (_req, { db }) => json(await listDiscountCodes(db)));

export const config: Config = { path: '/api/discount_codes/report', method: 'GET' };
