import type { Config } from '@netlify/functions';
import { collectionsResource } from '../../src/server/admin/collections.ts';
import { crudFunction } from '../../src/server/admin/route.ts';

/** POST /api/collections, PUT and DELETE /api/collections/{id}; GETs stay with the public functions. */
export default crudFunction({ ...collectionsResource, list: undefined });

export const config: Config = {
  path: ['/api/collections', '/api/collections/:id'],
  method: ['POST', 'PUT', 'DELETE'],
};
