import { likePattern } from './like-pattern.ts';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { AdminUserDetail, AdminUserPage, UsersQuery } from '../../lib/admin-schemas/users.ts';
import type { Database } from '../db/types.ts';
import { endOfDay, startOfDay } from '../db/day-range.ts';

/**
 * A user's orders: those linked to them, plus guest checkouts with their e-mail that are not
 * linked to anyone (the storefront has no customer login, so most orders arrive that way).
 */
function ordersOfUser(eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) {
  return eb
    .selectFrom('orders as o')
    .where((w) =>
      w.or([
        w('o.user_id', '=', w.ref('u.id')),
        w.and([w('o.user_id', 'is', null), w(w.fn('lower', ['o.email']), '=', w.fn('lower', ['u.email']))]),
      ]),
    );
}

function filtered(db: Kysely<Database>, query: UsersQuery) {
  let q = db.selectFrom('users as u');
  if (query.search) {
    const pattern = likePattern(query.search);
    q = q.where((eb) => eb.or([eb('u.email', 'ilike', pattern), eb('u.full_name', 'ilike', pattern)]));
  }
  if (query.role) q = q.where('u.role', '=', query.role);
  if (query.created_after) q = q.where('u.created_at', '>=', startOfDay(query.created_after));
  if (query.created_before) q = q.where('u.created_at', '<', endOfDay(query.created_before));
  return q;
}

/** GET /api/users: a page of users, newest first, and how many match in all. */
export async function listUsers(db: Kysely<Database>, query: UsersQuery): Promise<AdminUserPage> {
  const [rows, count] = await Promise.all([
    filtered(db, query)
      .select((eb) => [
        'u.id',
        'u.email',
        'u.full_name',
        'u.role',
        'u.created_at',
        ordersOfUser(eb).select(sql<number>`count(*)::int`.as('n')).as('order_count'),
      ])
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    filtered(db, query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, order_count: Number(r.order_count ?? 0), created_at: r.created_at.toISOString() })),
    total: Number(count.total),
  };
}

/** GET /api/users/{id}: the user with their order count and their orders (newest first) with items. */
export async function getUser(db: Kysely<Database>, id: string): Promise<AdminUserDetail | null> {
  const user = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.full_name', 'u.role', 'u.created_at'])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!user) return null;
  const orders = await db
    .selectFrom('orders as o')
    .select(['o.id', 'o.status', 'o.total_cents', 'o.created_at'])
    .where((w) =>
      w.or([
        w('o.user_id', '=', user.id),
        w.and([w('o.user_id', 'is', null), w(w.fn('lower', ['o.email']), '=', user.email.toLowerCase())]),
      ]),
    )
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  const items = orders.length
    ? await db
        .selectFrom('order_items')
        .select(['order_id', 'name', 'item_type', 'quantity', 'unit_price_cents'])
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('name')
        .execute()
    : [];
  return {
    ...user,
    created_at: user.created_at.toISOString(),
    order_count: orders.length,
    orders: orders.map((o) => ({
      ...o,
      created_at: o.created_at.toISOString(),
      items: items.filter((i) => i.order_id === o.id).map(({ order_id: _o, ...item }) => item),
    })),
  };
}
