import type { Config } from '@netlify/functions';
import { businessAccountsResource } from '../../src/server/admin/business-accounts.ts';
import { crudFunction } from '../../src/server/admin/route.ts';

/**
 * The owner's business accounts (docs/decisions/0029-deposits.md): list, read, add, edit;
 * deactivate is an edit (active: false).
 */
export default crudFunction(businessAccountsResource);

export const config: Config = {
  path: ['/api/admin/business-accounts', '/api/admin/business-accounts/:id'],
  method: ['GET', 'POST', 'PUT'],
};
