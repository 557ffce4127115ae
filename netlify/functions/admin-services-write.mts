import type { Config } from '@netlify/functions';
import { crudFunction } from '../../src/server/admin/route.ts';
import { servicesResource } from '../../src/server/admin/services.ts';

/** POST /api/services, PUT and DELETE /api/services/{id}; GET stays with the public function. */
export default crudFunction({ ...servicesResource, list: undefined });

export const config: Config = { path: ['/api/services', '/api/services/:id'], method: ['POST', 'PUT', 'DELETE'] };
