import type { Config } from '@netlify/functions';
import { orderCounts } from '../../src/server/admin/order-queue.ts';
import { adminFunction } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';

/** GET /api/order-counts: the work queue's head (paid jobs per stage, how many need attention). */
export default adminFunction(async (_req, { db }) => json(await orderCounts(db)));

export const config: Config = { path: '/api/order-counts', method: 'GET' };
