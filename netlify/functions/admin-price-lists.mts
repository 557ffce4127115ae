import type { Config } from '@netlify/functions';
import { priceListsResource } from '../../src/server/admin/price-lists.ts';
import { crudFunction } from '../../src/server/admin/route.ts';

/** The owner's price lists (docs/decisions/0027-price-lists.md): list, read, create, save a new version, delete. */
export default crudFunction(priceListsResource);

export const config: Config = {
  path: ['/api/admin/price-lists', '/api/admin/price-lists/:id'],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
};
