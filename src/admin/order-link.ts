import { isUuid } from '../lib/identifiers.ts';

/**
 * The address of one order in the admin (docs/decisions/0028-owner-and-receipts.md):
 * /admin/orders?order=<id> opens the Orders screen with that order's dialog, so a work order's QR
 * code or a pasted link lands on it.
 */
export const orderPath = (id: string) => `/admin/orders?order=${id}`;

/** The printable work order of an order. */
export const workOrderPath = (id: string) => `/admin/orders/${id}/work-order`;

/** The order the address names (?order=<id>), if it is an order id at all. */
export function orderFromUrl(): string | null {
  if (typeof location === 'undefined') return null;
  const id = new URLSearchParams(location.search).get('order');
  return id && isUuid(id) ? id.toLowerCase() : null;
}

/** Keeps the address in step with the open dialog (replacing it: opening a dialog is not a page). */
export function showOrderInUrl(id: string | null) {
  const path = id ? orderPath(id) : '/admin/orders';
  if (location.pathname === '/admin/orders' && `${location.pathname}${location.search}` !== path) {
    history.replaceState(history.state, '', path);
  }
}

/** The order id of a work order's address, or null. */
export function workOrderIdFromPath(pathname: string): string | null {
  const match = /^\/admin\/orders\/([0-9a-f-]{36})\/work-order\/?$/i.exec(pathname);
  return match && isUuid(match[1]!) ? match[1]!.toLowerCase() : null;
}

const RETURN_KEY = 'adm-return-to';

/** Keeps the address a signed-out visit asked for (a scanned work order's QR code), for after the login. */
export function rememberReturn(path: string) {
  if (workOrderIdFromPath(path.split('?')[0]!) || /^\/admin\/orders\?order=[0-9a-f-]{36}$/i.test(path)) {
    sessionStorage.setItem(RETURN_KEY, path);
  }
}

/** The address kept by rememberReturn, once. */
export function takeReturn(): string | null {
  const path = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return path;
}
