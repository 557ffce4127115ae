import type { Config } from '@netlify/functions';
import { listCatalog } from '../../src/server/catalog/collections.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';

export default handle(async () => json(await listCatalog(await db())));

export const config: Config = { path: '/api/catalog', method: 'GET' };
