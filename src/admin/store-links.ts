import { isUuid } from '../lib/identifiers.ts';

/**
 * The printable packing slips (bag labels) of a store delivered to its organiser
 * (docs/decisions/0030-team-stores.md).
 */
export const packingSlipsPath = (storeId: string) => `/admin/stores/${storeId}/packing-slips`;

/** The store id of a packing slips address, or null. */
export function packingSlipsStoreFromPath(pathname: string): string | null {
  const match = /^\/admin\/stores\/([0-9a-f-]{36})\/packing-slips\/?$/i.exec(pathname);
  return match && isUuid(match[1]!) ? match[1]!.toLowerCase() : null;
}
