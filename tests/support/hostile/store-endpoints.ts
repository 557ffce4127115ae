import { type EndpointSpec, type Fixtures, ignored, JSON_LIMIT, text, token } from './spec.ts';

/** The seeded open, public team store (supabase/seed.sql, docs/decisions/0030-team-stores.md). */
const SLUG = 'city-champ-golf-2026';

const storeCheckout = (f: Fixtures) => ({
  lines: [{ ...f.storeLine, quantity: 1, name: 'Rivera', number: '7' }],
  buyerName: 'Ana Rivera',
  email: 'ana.rivera@example.com',
});

/** A store buyer's checkout and a store's progress: what a hostile value gets. */
export const STORE_ENDPOINTS: Record<string, EndpointSpec> = {
  'store-checkout': {
    bodies: [
      {
        label: 'POST /api/stores/:slug/checkout',
        method: 'POST',
        path: () => `/api/stores/${SLUG}/checkout`,
        params: () => ({ slug: SLUG }),
        encoding: 'json',
        limit: JSON_LIMIT,
        valid: storeCheckout,
        // The buyer's name is kept on the order as typed (trimmed); lines are ids and rules, so a
        // hostile value is refused; the demo store has no password, so one sent is not read.
        fields: [text('buyerName', 120), { name: 'email', kind: 'email' }, token('lines'), ignored('password')],
        stores: ['orders', 'order_items', 'payment_sessions'],
        async readBack(f) {
          const row = await f.db
            .selectFrom('orders')
            .select(['customer_name', 'email'])
            .where('store_id', '=', '5eed5700-0000-4000-8000-000000000001')
            .orderBy('created_at', 'desc')
            .limit(1)
            .executeTakeFirstOrThrow();
          return { buyerName: row.customer_name, email: row.email };
        },
      },
    ],
    healthy: async (f) => ({
      method: 'POST',
      path: `/api/stores/${SLUG}/checkout`,
      params: { slug: SLUG },
      body: storeCheckout(f),
    }),
  },
  'store-progress': {
    reads: [
      {
        label: 'GET /api/stores/:slug/progress',
        path: () => `/api/stores/${SLUG}/progress`,
        params: () => ({ slug: SLUG }),
        pathParams: [token('slug')],
      },
    ],
    healthy: async () => ({ path: `/api/stores/${SLUG}/progress`, params: { slug: SLUG } }),
  },
};
