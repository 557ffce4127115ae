import {
  type AdminStore,
  type StoreCreate,
  type StoreUpdate,
  storeCreateSchema,
  storeUpdateSchema,
} from '../../lib/admin-schemas/stores.ts';
import type { CrudResource } from '../admin/route.ts';
import { getStore, listStores } from './store-admin-read.ts';
import { createStore, updateStore } from './store-admin-save.ts';

/**
 * The owner's stores (docs/decisions/0030-team-stores.md) as the admin's REST shape: list, read,
 * create, edit; never deleted.
 */
export const storesResource: CrudResource<AdminStore, StoreCreate, StoreUpdate> = {
  label: 'store',
  activity: 'store',
  // An approved store's page and the sitemap are pre-rendered (./store-rebuild.ts). A draft or a
  // store sent for approval has no page, and an approved store never goes back to either.
  rebuildEntity: 'store',
  onPublicPages: (store) => store.status === 'approved' || store.status === 'closed',
  createSchema: storeCreateSchema,
  updateSchema: storeUpdateSchema,
  bodyLimit: 128 * 1024,
  list: (db) => listStores(db),
  get: getStore,
  create: createStore,
  update: (db, id, input) => updateStore(db, id, input),
};
