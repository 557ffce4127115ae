import type { Config } from '@netlify/functions';
import { crudFunction } from '../../src/server/admin/route.ts';
import { storesResource } from '../../src/server/stores/store-admin-resource.ts';

/**
 * The owner's team and fundraiser stores (docs/decisions/0030-team-stores.md): list, read one with
 * its designs, create, edit.
 */
export default crudFunction(storesResource);

export const config: Config = {
  path: ['/api/admin/stores', '/api/admin/stores/:id'],
  method: ['GET', 'POST', 'PUT'],
};
