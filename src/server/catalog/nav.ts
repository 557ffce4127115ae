import type { CollectionSummary } from '../../lib/catalog/catalog.ts';
import { db } from '../db/index.ts';
import { listCollections } from './collections.ts';

let navCollections: Promise<CollectionSummary[] | null> | undefined;

/**
 * Collections for the header, loaded once per build and shared by every page. A failure is
 * only logged: the header then shows no collections (docs/decisions/spec-rules.md#s8), and the home page its fallback.
 */
export function collectionsForBuild(): Promise<CollectionSummary[] | null> {
  navCollections ??= db()
    .then(listCollections)
    .catch((error: unknown) => {
      console.warn('[build] collections could not be loaded:', error);
      return null;
    });
  return navCollections;
}
