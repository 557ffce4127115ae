import { atom } from 'nanostores';
import type { AdminSessionAnswer } from '../../lib/admin-schemas/auth.ts';
import { api, SessionEndedError } from '../api.ts';
import { TABS, type TabId } from '../stores.ts';

/** Who is signed in (issue 45): name, role in words and permissions, from GET /api/admin/session. */
export type Me = AdminSessionAnswer['staff'];
export const $me = atom<Me | null>(null);

/** The permission each tab needs (the server checks the same on every request; this only hides). */
const TAB_NEEDS: Record<TabId, string> = {
  products: 'catalog',
  orders: 'orders.read',
  dashboard: 'reports',
  quotes: 'quotes',
  stores: 'stores',
  services: 'catalog',
  collections: 'catalog',
  colors: 'catalog',
  sizes: 'catalog',
  'discount-codes': 'catalog',
  'price-lists': 'catalog',
  'business-accounts': 'customers',
  payments: 'settings',
  'shop-settings': 'settings',
  calendar: 'settings',
  receivables: 'payments',
  templates: 'settings',
  users: 'customers',
  staff: 'staff',
  activity: 'staff',
  devices: 'self',
};

/** May the signed-in person open `tab`? Everything until who they are is known (the server decides anyway). */
export const mayOpen = (me: Me | null, tab: TabId) => me === null || me.permissions.includes(TAB_NEEDS[tab]);

/** May the signed-in person do what `permission` names (hide an action the server would refuse)? */
export const may = (me: Me | null, permission: string) => me === null || me.permissions.includes(permission);

/** The first tab the person may open: where they land after signing in. */
export const firstTab = (me: Me | null): TabId => TABS.find((tab) => mayOpen(me, tab.id))?.id ?? 'devices';

export async function loadMe(): Promise<Me | null> {
  try {
    const answer = await api.get<AdminSessionAnswer>('admin/session');
    $me.set(answer.staff);
    return answer.staff;
  } catch (error) {
    if (!(error instanceof SessionEndedError)) console.warn('[admin] who am I:', error);
    return null;
  }
}
