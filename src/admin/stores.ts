import { atom } from 'nanostores';
import { workOrderIdFromPath } from './order-link.ts';
import { packingSlipsStoreFromPath } from './store-links.ts';

/** The admin tabs in the order of the tab bar; `path` is the segment after /admin/. */
export const TABS = [
  { id: 'products', label: 'Products' },
  { id: 'orders', label: 'Orders' },
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'quotes', label: 'Quotes' },
  { id: 'stores', label: 'Stores' },
  { id: 'services', label: 'Services' },
  { id: 'collections', label: 'Collections' },
  { id: 'colors', label: 'Colors' },
  { id: 'sizes', label: 'Sizes' },
  { id: 'discount-codes', label: 'Discounts' },
  { id: 'price-lists', label: 'Price lists' },
  { id: 'business-accounts', label: 'Business accounts' },
  { id: 'payments', label: 'Payments' },
  { id: 'shop-settings', label: 'Shop settings' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'receivables', label: 'Receivables' },
  { id: 'templates', label: 'Templates' },
  { id: 'users', label: 'Users' },
  { id: 'staff', label: 'Staff' },
  { id: 'activity', label: 'Activity' },
  { id: 'devices', label: 'My devices' },
] as const;
export type TabId = (typeof TABS)[number]['id'];

/**
 * 'login' at /admin; 'work-order' at /admin/orders/<id>/work-order
 * (docs/decisions/0028-owner-and-receipts.md, a sheet of the Orders tab); 'packing-slips' at
 * /admin/stores/<id>/packing-slips (docs/decisions/0030-team-stores.md); any other sub-path that is
 * not a tab selects Products.
 */
export type Screen = 'login' | TabId | 'work-order' | 'packing-slips';

export function screenFromPath(pathname: string): Screen {
  if (workOrderIdFromPath(pathname)) return 'work-order';
  if (packingSlipsStoreFromPath(pathname)) return 'packing-slips';
  const rest = pathname.replace(/^\/admin\/?/, '').replace(/\/+$/, '');
  if (rest === '') return 'login';
  const first = rest.split('/')[0];
  return TABS.find((t) => t.id === first)?.id ?? 'products';
}

export const $screen = atom<Screen>(typeof location === 'undefined' ? 'login' : screenFromPath(location.pathname));

export function navigate(screen: Exclude<Screen, 'work-order' | 'packing-slips'>) {
  const path = screen === 'login' ? '/admin' : `/admin/${screen}`;
  if (location.pathname !== path) history.pushState(null, '', path);
  $screen.set(screen);
}

/** Goes to an admin address (a sheet such as a work order, or an order's dialog) as a new page. */
export function navigateTo(path: string) {
  if (`${location.pathname}${location.search}` !== path) history.pushState(null, '', path);
  $screen.set(screenFromPath(new URL(path, location.href).pathname));
}

export function listenToHistory(): () => void {
  const onPop = () => $screen.set(screenFromPath(location.pathname));
  window.addEventListener('popstate', onPop);
  return () => window.removeEventListener('popstate', onPop);
}

export interface Notice {
  id: number;
  tone: 'positive' | 'negative' | 'info';
  text: string;
}

export const $notices = atom<Notice[]>([]);
let nextNotice = 1;

export function notify(text: string, tone: Notice['tone'] = 'positive') {
  const id = nextNotice++;
  $notices.set([...$notices.get(), { id, tone, text }]);
  setTimeout(() => dismissNotice(id), 5000);
}

export function dismissNotice(id: number) {
  $notices.set($notices.get().filter((n) => n.id !== id));
}

/** Shown on the login screen after a 401 sent the admin there. */
export const $loginMessage = atom<string | null>(null);
