import type { Config } from '@netlify/functions';
import { crudFunction } from '../../src/server/admin/route.ts';
import { servicesResource } from '../../src/server/admin/services.ts';

/** Admin reads of services, active or not, with every field the dialog edits. */
export default crudFunction({ ...servicesResource, create: undefined, update: undefined, remove: undefined });

export const config: Config = { path: ['/api/admin/services', '/api/admin/services/:id'], method: 'GET' };
