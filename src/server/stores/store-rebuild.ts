import { requestRebuild } from '../admin/rebuild.ts';

/**
 * After a store is saved, approved or closed (docs/decisions/0030-team-stores.md): its page (/stores/<slug>) and the
 * sitemap are pre-rendered, so they are rebuilt. Answers when the coalesced run is done (pass it
 * to context.waitUntil in a function).
 */
export function requestStoreRebuild(storeId: string, action: 'create' | 'update' | 'delete' = 'update'): Promise<void> {
  return requestRebuild({ entity: 'store', action, id: storeId });
}
