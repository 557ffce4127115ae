import type { Config } from '@netlify/functions';
import { listServices } from '../../src/server/catalog/services.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';

export default handle(async () => json(await listServices(await db())));

export const config: Config = { path: '/api/services', method: 'GET' };
