import type { Config } from '@netlify/functions';
import { colorsResource } from '../../src/server/admin/colors.ts';
import { crudFunction } from '../../src/server/admin/route.ts';

export default crudFunction(colorsResource);

export const config: Config = { path: ['/api/colors', '/api/colors/:id'], method: ['GET', 'POST', 'PUT', 'DELETE'] };
