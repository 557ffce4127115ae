import type { Permission } from './roles.ts';

/**
 * The permission every admin route needs, by method and path (each function's `config.path`, in
 * its URLPattern shape). requireAdmin looks the request up here; a route with no entry is refused
 * (403), and tests/integration/staff-permissions.test.ts fails when an admin function has none.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Entry = readonly [path: string, methods: Partial<Record<Method, Permission>>];

// A function's config lists its methods for all its paths: a method a path answers 405 to still
// needs its entry, and gets the permission of its siblings.
const CRUD = (read: Permission, write: Permission) => ({ GET: read, POST: write, PUT: write, DELETE: write });
const WRITE = (write: Permission) => ({ POST: write, PUT: write, DELETE: write });
const KEPT = (read: Permission, write: Permission) => ({ GET: read, POST: write, PUT: write });

export const ROUTE_PERMISSIONS: readonly Entry[] = [
  // Signed in as oneself.
  ['/api/admin/session', { GET: 'self' }],
  ['/api/admin/logout', { POST: 'self' }],
  ['/api/admin/staff/me/sessions', { GET: 'self', DELETE: 'self' }],
  ['/api/admin/staff/me/sessions/:id', { GET: 'self', DELETE: 'self' }],
  ['/api/admin/staff/me/passkeys', CRUD('self', 'self')],
  ['/api/admin/staff/me/passkeys/:id', CRUD('self', 'self')],
  ['/api/admin/staff/me/passkey-options', CRUD('self', 'self')],
  // Staff (the owner).
  ['/api/admin/staff', CRUD('staff', 'staff')],
  ['/api/admin/staff/:id', CRUD('staff', 'staff')],
  ['/api/admin/staff/:id/suspend', { POST: 'staff' }],
  ['/api/admin/staff/:id/reinstate', { POST: 'staff' }],
  ['/api/admin/staff/:id/invitation', { POST: 'staff' }],
  ['/api/admin/staff/:id/sign-out', { POST: 'staff' }],
  // Orders and production.
  ['/api/orders', { GET: 'orders.read' }],
  ['/api/orders/:id', { GET: 'orders.read' }],
  ['/api/order-counts', { GET: 'orders.read' }],
  ['/api/order-export', { GET: 'orders.export' }],
  ['/api/orders/:id/adjustments', { POST: 'orders.change' }],
  ['/api/orders/:id/sizes', { POST: 'orders.change' }],
  ['/api/orders/:id/locations', { POST: 'orders.change' }],
  ['/api/orders/:id/stage', { POST: 'stages' }],
  ['/api/order-stages', { POST: 'stages' }],
  ['/api/orders/:id/work-order', { GET: 'work-orders' }],
  ['/api/orders/:id/artwork', { POST: 'artwork' }],
  ['/api/orders/:id/proofs', { POST: 'artwork' }],
  ['/api/artwork/:id/original', { GET: 'artwork' }],
  ['/api/artwork/:id/thumbnail', { GET: 'orders.read' }],
  // Money.
  ['/api/orders/:id/payment-requests', { POST: 'payments' }],
  ['/api/orders/:id/payment-requests/:requestId/cancel', { POST: 'payments' }],
  ['/api/orders/:id/refunds', { POST: 'refunds' }],
  ['/api/admin/receivables', { GET: 'payments' }],
  ['/api/admin/receivables/invoices.csv', { GET: 'payments' }],
  ['/api/admin/receivables/payments.csv', { GET: 'payments' }],
  ['/api/dashboard', { GET: 'reports' }],
  // Quotes, customers, stores.
  ['/api/quote-requests', { GET: 'quotes' }],
  ['/api/quote-requests/:id', { GET: 'quotes' }],
  ['/api/quote-requests/:id/revisions', { POST: 'quotes' }],
  ['/api/quote-requests/:id/send', { POST: 'quotes' }],
  ['/api/users', { GET: 'customers' }],
  ['/api/users/:id', { GET: 'customers' }],
  ['/api/admin/business-accounts', KEPT('customers', 'customers')],
  ['/api/admin/business-accounts/:id', KEPT('customers', 'customers')],
  ['/api/admin/business-accounts/:id/certificate', { POST: 'customers' }],
  ['/api/admin/stores', KEPT('stores', 'stores')],
  ['/api/admin/stores/:id', KEPT('stores', 'stores')],
  ['/api/admin/stores/:id/close', { POST: 'stores' }],
  ['/api/admin/stores/:id/send', { POST: 'stores' }],
  ['/api/admin/store-reports/:id', { GET: 'stores' }],
  ['/api/admin/store-reports/:id/report.csv', { GET: 'stores' }],
  ['/api/admin/store-packing-slips/:id', { GET: 'stores' }],
  // Catalogue.
  ['/api/admin/products', { GET: 'catalog' }],
  ['/api/admin/products/:id', { GET: 'catalog' }],
  ['/api/admin/product-list', { GET: 'catalog' }],
  ['/api/products', WRITE('catalog')],
  ['/api/products/:id', WRITE('catalog')],
  ['/api/products/:id/print-boxes', { GET: 'catalog', PUT: 'catalog' }],
  ['/api/admin/services', { GET: 'catalog' }],
  ['/api/admin/services/:id', { GET: 'catalog' }],
  ['/api/services', WRITE('catalog')],
  ['/api/services/:id', WRITE('catalog')],
  ['/api/admin/collections', { GET: 'catalog' }],
  ['/api/admin/collections/:id', { GET: 'catalog' }],
  ['/api/collections', WRITE('catalog')],
  ['/api/collections/:id', WRITE('catalog')],
  ['/api/colors', CRUD('catalog', 'catalog')],
  ['/api/colors/:id', CRUD('catalog', 'catalog')],
  ['/api/sizes', CRUD('catalog', 'catalog')],
  ['/api/sizes/:id', CRUD('catalog', 'catalog')],
  ['/api/admin/price-lists', CRUD('catalog', 'catalog')],
  ['/api/admin/price-lists/:id', CRUD('catalog', 'catalog')],
  ['/api/discount_codes', CRUD('catalog', 'catalog')],
  ['/api/discount_codes/:id', CRUD('catalog', 'catalog')],
  ['/api/discount_codes/report', { GET: 'catalog' }],
  ['/api/admin/publish-status', { GET: 'catalog' }],
  // Blanks from suppliers (issue 47): costs are money, the catalogue role's business.
  ['/api/admin/supplier-styles', { GET: 'catalog', POST: 'catalog' }],
  ['/api/admin/supplier-sync', { GET: 'catalog', POST: 'catalog' }],
  // Settings (the owner).
  ['/api/admin/shop-settings', { GET: 'settings', PUT: 'settings' }],
  ['/api/admin/payment-settings', { GET: 'settings', PUT: 'settings' }],
  // Tax rules (issue 50): the office reads them (it quotes and bills), the owner sets them.
  ['/api/admin/tax', { GET: 'money', PUT: 'settings' }],
  ['/api/admin/tax/rates', { PUT: 'settings' }],
  ['/api/templates', CRUD('settings', 'settings')],
  ['/api/templates/:id', CRUD('settings', 'settings')],
  ['/api/templates/:id/versions', { GET: 'settings' }],
  ['/api/template-preview', { POST: 'settings' }],
  // The shop floor (issue 46): the calendar every promised date counts on.
  ['/api/admin/shop-calendar', { GET: 'settings', PUT: 'settings' }],
  ['/api/admin/shop-calendar/us-holidays', { GET: 'settings' }],
  // The owner's activity log (issue 45).
  ['/api/admin/activity', { GET: 'staff' }],
  ['/api/admin/activity.csv', { GET: 'staff' }],
];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** The route pattern a literal path segment list matches: `:name` matches one segment. */
function matches(pattern: string[], path: string[]): boolean {
  if (pattern.length !== path.length) return false;
  return pattern.every((part, i) => part.startsWith(':') || part === path[i]);
}

const compiled = ROUTE_PERMISSIONS.map(([path, methods]) => ({ path, parts: segmentsOf(path), methods }));

/**
 * The permissions `method` on `pathname` needs, or null when the table does not know the path
 * (refused). A method the path's function does not take needs every permission of the path, so
 * the function's own 405 reaches only those who could use the path at all. A literal entry wins
 * over one with a parameter (`/api/discount_codes/report` over `:id`).
 */
export function permissionsFor(method: string, pathname: string): Permission[] | null {
  const verb = (method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()) as Method;
  const parts = segmentsOf(pathname);
  const params = (entry: (typeof compiled)[number]) => entry.parts.filter((p) => p.startsWith(':')).length;
  const candidates = compiled.filter((entry) => matches(entry.parts, parts)).sort((a, b) => params(a) - params(b));
  for (const entry of candidates) {
    const permission = entry.methods[verb];
    if (permission) return [permission];
  }
  const first = candidates[0];
  return first ? [...new Set(Object.values(first.methods))] : null;
}

/** The table entry for a pattern path exactly as a function's config names it (the test's walk). */
export const entryFor = (path: string, method: string): Permission | null =>
  compiled.find((entry) => entry.path === path)?.methods[method.toUpperCase() as Method] ?? null;
