import type { Config } from '@netlify/functions';
import { productListQuerySchema } from '../../src/lib/admin-schemas/product-list.ts';
import { listProductRows } from '../../src/server/admin/product-list.ts';
import { adminFunction, parseQuery } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';

/** The admin's Products list: GET /api/admin/product-list?search&collection&visibility&limit&offset → {rows, total}. */
export default adminFunction(async (_req, { db, url }) =>
  json(await listProductRows(db, parseQuery(url, productListQuerySchema))),
);

export const config: Config = { path: '/api/admin/product-list', method: 'GET' };
