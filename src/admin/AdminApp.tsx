import { useStore } from '@nanostores/react';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { api, clearToken, getToken } from './api.ts';
import { Login } from './Login.tsx';
import { rememberReturn } from './order-link.ts';
import { $screen, listenToHistory, navigate, type TabId } from './stores.ts';
import { TabBar } from './TabBar.tsx';
import { Button } from './ui/controls.tsx';
import { Notices } from './ui/Notices.tsx';
import { PublishStatus } from './ui/PublishStatus.tsx';
import { loadPublishStatus, stopPublishWatch } from './publish.ts';
import { $me, firstTab, loadMe, mayOpen } from './staff/me.ts';
import './ui/admin.css';

// Each screen (and the rich editor inside some) loads when it is first opened, so the login
// and the first screen come up fast.
const lazyScreen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const SCREENS: Record<TabId | 'work-order' | 'packing-slips', ComponentType> = {
  products: lazyScreen(() => import('./screens/Products.tsx'), 'Products'),
  orders: lazyScreen(() => import('./screens/Orders.tsx'), 'Orders'),
  dashboard: lazyScreen(() => import('./screens/Dashboard.tsx'), 'Dashboard'),
  quotes: lazyScreen(() => import('./screens/Quotes.tsx'), 'Quotes'),
  stores: lazyScreen(() => import('./screens/Stores.tsx'), 'Stores'),
  services: lazyScreen(() => import('./screens/Services.tsx'), 'Services'),
  collections: lazyScreen(() => import('./screens/Collections.tsx'), 'Collections'),
  colors: lazyScreen(() => import('./screens/Colors.tsx'), 'Colors'),
  sizes: lazyScreen(() => import('./screens/Sizes.tsx'), 'Sizes'),
  'discount-codes': lazyScreen(() => import('./screens/Discounts.tsx'), 'Discounts'),
  'price-lists': lazyScreen(() => import('./screens/PriceLists.tsx'), 'PriceLists'),
  'business-accounts': lazyScreen(() => import('./screens/BusinessAccounts.tsx'), 'BusinessAccounts'),
  payments: lazyScreen(() => import('./screens/PaymentSettings.tsx'), 'PaymentSettings'),
  'shop-settings': lazyScreen(() => import('./screens/ShopSettings.tsx'), 'ShopSettings'),
  calendar: lazyScreen(() => import('./screens/ShopCalendar.tsx'), 'ShopCalendar'),
  receivables: lazyScreen(() => import('./screens/Receivables.tsx'), 'Receivables'),
  templates: lazyScreen(() => import('./screens/Templates.tsx'), 'Templates'),
  users: lazyScreen(() => import('./screens/Users.tsx'), 'Users'),
  staff: lazyScreen(() => import('./staff/StaffScreen.tsx'), 'StaffScreen'),
  activity: lazyScreen(() => import('./staff/ActivityLog.tsx'), 'ActivityLog'),
  devices: lazyScreen(() => import('./staff/MyDevices.tsx'), 'MyDevices'),
  'work-order': lazyScreen(() => import('./screens/WorkOrder.tsx'), 'WorkOrder'),
  'packing-slips': lazyScreen(() => import('./screens/PackingSlips.tsx'), 'PackingSlips'),
};

/** `shopName`: the shop's name as Shop settings held it when the page was built. */
export default function AdminApp({ shopName }: { shopName: string }) {
  const screen = useStore($screen);
  const me = useStore($me);
  const signedIn = getToken() !== null;

  useEffect(() => listenToHistory(), []);
  useEffect(() => {
    if (signedIn) loadPublishStatus();
    if (signedIn) void loadMe();
  }, [signedIn]);
  // A tab the person's role may not open (a bookmark, the default Products) goes to their first one.
  useEffect(() => {
    const tab = screen === 'work-order' ? 'orders' : screen === 'packing-slips' ? 'stores' : screen;
    if (signedIn && me && tab !== 'login' && !mayOpen(me, tab)) navigate(firstTab(me));
  }, [signedIn, me, screen]);
  useEffect(() => {
    // Without a token every screen is the login; with one, /admin itself goes to Products.
    if (!signedIn && screen !== 'login') {
      rememberReturn(`${location.pathname}${location.search}`);
      navigate('login');
    } else if (signedIn && screen === 'login') navigate('products');
  }, [signedIn, screen]);

  const logout = async () => {
    await api.post('admin/logout', {}).catch(() => undefined);
    clearToken();
    $me.set(null);
    stopPublishWatch();
    navigate('login');
  };

  if (screen === 'login' || !signedIn) {
    return (
      <>
        <Login shopName={shopName} />
        <Notices />
      </>
    );
  }
  const Screen = SCREENS[screen];
  return (
    <div className="adm-app">
      <header className="adm-header">
        <span className="adm-brand">{`${shopName} · Admin`}</span>
        <PublishStatus />
        {me ? <span className="adm-who">{`${me.name} · ${me.role_name}`}</span> : null}
        <Button variant="quiet" onPress={() => void logout()}>
          Log out
        </Button>
      </header>
      <TabBar current={screen === 'work-order' ? 'orders' : screen === 'packing-slips' ? 'stores' : screen} />
      <main className="adm-main">
        <Suspense fallback={<p className="adm-loading">Loading…</p>}>
          <Screen key={screen} />
        </Suspense>
      </main>
      <Notices />
    </div>
  );
}
