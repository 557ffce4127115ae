import type { Config } from '@netlify/functions';
import { discountCodesResource } from '../../src/server/admin/discount-codes.ts';
import { crudFunction } from '../../src/server/admin/route.ts';

export default crudFunction(discountCodesResource);

export const config: Config = {
  path: ['/api/discount_codes', '/api/discount_codes/:id'],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
  // The report has its own function; without this, `:id` would also match "report".
  excludedPath: '/api/discount_codes/report',
};
