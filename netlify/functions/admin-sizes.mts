import type { Config } from '@netlify/functions';
import { crudFunction } from '../../src/server/admin/route.ts';
import { sizesResource } from '../../src/server/admin/sizes.ts';

export default crudFunction(sizesResource);

export const config: Config = { path: ['/api/sizes', '/api/sizes/:id'], method: ['GET', 'POST', 'PUT', 'DELETE'] };
