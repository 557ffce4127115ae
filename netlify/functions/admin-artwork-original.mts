import type { Config } from '@netlify/functions';
import { adminFunction } from '../../src/server/admin/route.ts';
import { artworkOriginal } from '../../src/server/artwork/serve.ts';
import { json } from '../../src/server/http.ts';

/**
 * The admin's download of a customer's original file: answers a short-lived URL that serves it
 * as an attachment (never inline from the shop's pages), with its name, type and size.
 */
export default adminFunction(async (_req, { db, params }) => json(await artworkOriginal(db, params['id'] ?? '')));

export const config: Config = { path: '/api/artwork/:id/original', method: 'GET' };
