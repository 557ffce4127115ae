import type { Config } from '@netlify/functions';
import { collectionsResource } from '../../src/server/admin/collections.ts';
import { crudFunction } from '../../src/server/admin/route.ts';

/** Admin reads of collections, active or not, with product counts. */
export default crudFunction({ ...collectionsResource, create: undefined, update: undefined, remove: undefined });

export const config: Config = { path: ['/api/admin/collections', '/api/admin/collections/:id'], method: 'GET' };
