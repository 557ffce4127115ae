import type { Config } from '@netlify/functions';
import { productsResource } from '../../src/server/admin/products.ts';
import { crudFunction } from '../../src/server/admin/route.ts';

/** Admin reads of products, active or not, with colours, sizes and variant stock. */
export default crudFunction({ ...productsResource, create: undefined, update: undefined, remove: undefined });

export const config: Config = { path: ['/api/admin/products', '/api/admin/products/:id'], method: 'GET' };
