import { z } from '../zod.ts';
import { dateSchema, optionalQuery, queryInt } from './fields.ts';
import type { AdminOrderItem, OrderStatusName } from './orders.ts';

export const USER_ROLES = ['admin', 'customer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** GET /api/users query. created_after/created_before are whole days (shop time zone), both included. */
export const usersQuerySchema = z
  .object({
    limit: queryInt(1, 100, 10),
    offset: queryInt(0, 1_000_000, 0),
    search: optionalQuery(z.string().trim().max(200)),
    role: optionalQuery(z.enum(USER_ROLES, 'Role must be admin or customer.')),
    created_after: optionalQuery(dateSchema),
    created_before: optionalQuery(dateSchema),
  })
  .superRefine((q, ctx) => {
    if (q.created_after && q.created_before && q.created_before < q.created_after) {
      ctx.addIssue({ code: 'custom', path: ['created_before'], message: 'Created Before is before Created After.' });
    }
  });
export type UsersQuery = z.infer<typeof usersQuerySchema>;

export interface AdminUserRow {
  id: string;
  email: string;
  full_name: string | null;
  role: UserRole;
  created_at: string;
  order_count: number;
}

/** GET /api/users */
export interface AdminUserPage {
  rows: AdminUserRow[];
  total: number;
}

/** GET /api/users/{id}: the user, their order count and their orders (newest first) with items. */
export interface AdminUserDetail extends AdminUserRow {
  orders: {
    id: string;
    status: OrderStatusName;
    total_cents: number;
    created_at: string;
    items: Pick<AdminOrderItem, 'name' | 'item_type' | 'quantity' | 'unit_price_cents'>[];
  }[];
}
