/**
 * The one table of who may do what in the back office (issue 45, DESIGN.md "People"). Each role
 * is a fixed set of permissions, with the words the owner reads on the Staff screen. The server
 * checks a route's permission (route-permissions.ts) on every admin request; the admin hides
 * what the signed-in role may not do, from the permissions the session answers.
 */
export const PERMISSIONS = {
  self: 'Their own session and signed-in devices',
  'orders.read': 'See orders, the order queue and the work queue',
  'orders.change': 'Change orders: sizes, print locations, adjustments',
  'orders.export': 'Export orders (with prices) as CSV',
  stages: 'Move orders through the stages',
  'work-orders': 'Open and print work orders',
  artwork: 'Customer artwork, mock-ups and proofs',
  quotes: 'Quote requests and quotes',
  payments: 'Payment requests, receivables and their exports',
  refunds: 'Refunds',
  customers: 'Customers and business accounts',
  stores: 'Team and fundraiser stores',
  catalog: 'Products, services, collections, colours, sizes, price lists and discounts',
  reports: 'The dashboard: sales and what is owed',
  settings: 'Shop settings, payment settings and e-mail templates',
  staff: 'Staff: invite, change roles, suspend and remove people',
  money: 'See prices, totals and payments',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ROLE_KEYS = ['owner', 'office', 'art', 'production', 'shipping'] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

export interface Role {
  name: string;
  /** What the role is for, in the owner's words. */
  summary: string;
  permissions: readonly Permission[];
}

const EVERYTHING = Object.keys(PERMISSIONS) as Permission[];

export const ROLES: Record<RoleKey, Role> = {
  owner: {
    name: 'Owner',
    summary: 'Everything, including staff and settings.',
    permissions: EVERYTHING,
  },
  office: {
    name: 'Office',
    summary: 'Quotes, orders, customers, payments, refunds, accounts, stores and the catalogue; no staff or settings.',
    permissions: EVERYTHING.filter((p) => p !== 'staff' && p !== 'settings'),
  },
  art: {
    name: 'Art',
    summary: 'Artwork, proofs and mock-ups on orders; sees no money.',
    permissions: ['self', 'orders.read', 'artwork', 'work-orders'],
  },
  production: {
    name: 'Production',
    summary: 'The work queue, work orders and stage moves; sees no prices, totals or payments.',
    permissions: ['self', 'orders.read', 'stages', 'work-orders', 'artwork'],
  },
  shipping: {
    name: 'Shipping',
    summary: 'Orders ready and shipped, tracking and pickup; sees no money.',
    permissions: ['self', 'orders.read', 'stages', 'work-orders'],
  },
};

export const isRoleKey = (value: unknown): value is RoleKey =>
  typeof value === 'string' && (ROLE_KEYS as readonly string[]).includes(value);

export const roleAllows = (role: RoleKey, permission: Permission): boolean =>
  ROLES[role].permissions.includes(permission);

/** The role as the admin shows it: its words and its permissions. */
export function roleForAdmin(role: RoleKey) {
  const { name, summary, permissions } = ROLES[role];
  return { role, role_name: name, role_summary: summary, permissions: [...permissions] };
}
