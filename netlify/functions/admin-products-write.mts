import type { Config } from '@netlify/functions';
import { productsResource } from '../../src/server/admin/products.ts';
import { crudFunction } from '../../src/server/admin/route.ts';

/** POST /api/products, PUT and DELETE /api/products/{id}; GET stays with the public functions. */
export default crudFunction({ ...productsResource, list: undefined });

export const config: Config = { path: ['/api/products', '/api/products/:id'], method: ['POST', 'PUT', 'DELETE'] };
