import type { Config } from '@netlify/functions';
import { crudFunction } from '../../src/server/admin/route.ts';
import { templatesResource } from '../../src/server/admin/templates.ts';

export default crudFunction(templatesResource);

export const config: Config = {
  path: ['/api/templates', '/api/templates/:id'],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
};
