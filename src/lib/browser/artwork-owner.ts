/**
 * The owner token this browser keeps for its artwork uploads
 * (docs/decisions/0015-print-ordering.md): the cart sends it with checkout so the shop can tell the
 * artwork a line names is this browser's own. No imports, so the cart page can read it without loading the upload code.
 */

const OWNER_STORAGE_KEY = 'print-shop:artwork-owner';

/** The owner token this browser keeps for its uploads (checkout sends it with the artwork ids). */
export function storedOwnerToken(storage?: Pick<Storage, 'getItem'>) {
  try {
    return (storage ?? globalThis.localStorage)?.getItem(OWNER_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function rememberOwnerToken(token: string, storage?: Pick<Storage, 'setItem'>) {
  try {
    (storage ?? globalThis.localStorage)?.setItem(OWNER_STORAGE_KEY, token);
  } catch {
    // Private mode without storage: the token lives as long as the page.
  }
}

/** The header that carries the owner token on GET requests (never put it in a URL). */
export const OWNER_HEADER = 'x-artwork-owner';

/** Where a checked upload's thumbnail is read (with the owner token in OWNER_HEADER). */
export const artworkThumbnailPath = (artworkId: string) => `/api/artwork/${encodeURIComponent(artworkId)}/thumbnail`;
