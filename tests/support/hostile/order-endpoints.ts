import { jsonb } from '../../../src/server/db/json.ts';
import { signLink } from '../../../src/server/links/signed-links.ts';
import { closeStore } from '../../../src/server/stores/store-close.ts';
import { createStore, paidBuyerOrder, teeVariants } from '../store-orders.ts';
import { checkedArtwork } from './checked-artwork.ts';
import { type EndpointSpec, type Fixtures, get, idParam, ignored, text, token } from './spec.ts';

/**
 * Running the orders (docs/decisions/0016-order-workflow.md): proofs and refunds from the admin,
 * and the customer's order page and its files behind a signed link.
 */

const OWNER = 'hostile-proof-owner-0123456789abcdefghijk';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** A paid order of $100.00 with nothing printed. */
async function paidOrder(f: Fixtures): Promise<string> {
  const order = await f.db
    .insertInto('orders')
    .values({
      email: 'hostile.order@example.com',
      status: 'paid',
      paid_at: new Date(),
      subtotal_cents: 10_000,
      total_cents: 10_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return order.id;
}

/**
 * A closed store delivered to its organiser (docs/decisions/0030-team-stores.md): its report and
 * packing slips answer.
 */
async function hostileStore(f: Fixtures): Promise<string> {
  const store = await createStore(f.db, { minimum: 1, designs: [{ name: 'Hostile Tee', priceCents: 2000 }] });
  const [tee] = await teeVariants(f.db, 1);
  await paidBuyerOrder(f.db, store, [{ design: store.designs[0]!, variant: tee!, quantity: 1 }]);
  await closeStore(f.db, store.id);
  return store.id;
}

/** A paid order owing its total with an open request for the balance. */
async function openRequest(f: Fixtures): Promise<{ orderId: string; requestId: string }> {
  const orderId = await paidOrder(f);
  const request = await f.db
    .insertInto('payment_requests')
    .values({ order_id: orderId, kind: 'balance' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { orderId, requestId: request.id };
}

/** The line of the newest sized order of each run (the valid body names it). */
const sizedLines = new WeakMap<Fixtures, string>();

/** A paid order of one piece of the fixture's product, colour and size, priced as checkout would. */
async function sizedOrder(f: Fixtures): Promise<{ orderId: string; itemId: string }> {
  const orderId = await paidOrder(f);
  const product = await f.db
    .selectFrom('products')
    .select(['price_cents', 'name'])
    .select((eb) =>
      eb
        .selectFrom('product_price_tiers')
        .select('unit_price_cents')
        .whereRef('product_id', '=', 'products.id')
        .where('min_quantity', '<=', 1)
        .orderBy('min_quantity', 'desc')
        .limit(1)
        .as('tier_cents'),
    )
    .where('id', '=', f.productId)
    .executeTakeFirstOrThrow();
  const item = await f.db
    .insertInto('order_items')
    .values({
      order_id: orderId,
      product_id: f.productId,
      color_id: f.variantColorId,
      size_id: f.variantSizeId,
      name: product.name,
      quantity: 1,
      unit_price_cents: product.tier_cents ?? product.price_cents,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  sizedLines.set(f, item.id);
  return { orderId, itemId: item.id };
}

/** The line of the newest order printed on the front of each run (the valid body names it). */
const frontLines = new WeakMap<Fixtures, string>();

/** A paid order of the fixture's product printed on the front (its file here): a back may be added. */
async function frontOrder(f: Fixtures): Promise<{ orderId: string; itemId: string }> {
  const { orderId, itemId } = await sizedOrder(f);
  await f.db
    .updateTable('order_items')
    .set({ variant_metadata: jsonb({ locations: [{ code: 'front', name: 'Front', artwork_id: NO_SUCH_ID }] }) })
    .where('id', '=', itemId)
    .execute();
  frontLines.set(f, itemId);
  return { orderId, itemId };
}

/** A paid order with a printed line whose artwork is on file: a proof may be sent for it. */
async function printedOrder(f: Fixtures): Promise<string> {
  const id = await paidOrder(f);
  await f.db
    .insertInto('order_items')
    .values({
      order_id: id,
      name: 'Hostile Tee',
      quantity: 12,
      unit_price_cents: 1000,
      variant_metadata: jsonb({ locations: [{ code: 'front', name: 'Front', artwork_id: NO_SUCH_ID }] }),
    })
    .execute();
  return id;
}

/** The line of the latest awaiting-artwork setup (valid() runs after setup). */
let awaitingItem = NO_SUCH_ID;

/** A paid order waiting for the front artwork of its one printed line. */
async function awaitingArtworkOrder(f: Fixtures): Promise<{ orderId: string }> {
  const orderId = await paidOrder(f);
  await f.db.updateTable('orders').set({ stage: 'awaiting_artwork' }).where('id', '=', orderId).execute();
  const item = await f.db
    .insertInto('order_items')
    .values({
      order_id: orderId,
      name: 'Hostile Tee',
      quantity: 12,
      unit_price_cents: 1000,
      variant_metadata: jsonb({ locations: [{ code: 'front', name: 'Front', artwork_id: null }] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  awaitingItem = item.id;
  return { orderId };
}

/** The order the latest bulk setup made (valid() runs after setup). */
let bulkOrder = NO_SUCH_ID;

/** The file the latest setup uploaded: the valid body names it (valid() runs after setup). */
let proofFile = NO_SUCH_ID;

const checkedFile = (f: Fixtures) => checkedArtwork(f.db, OWNER);

/** An order whose proof waits for the customer's answer, and the signed link to its page. */
async function orderAwaitingAnswer(f: Fixtures) {
  const id = await printedOrder(f);
  const artworkId = await checkedFile(f);
  await f.db
    .updateTable('artwork')
    .set({ order_id: id, attached_at: new Date() })
    .where('id', '=', artworkId)
    .execute();
  await f.db.insertInto('order_proofs').values({ order_id: id, artwork_id: artworkId }).execute();
  await f.db.updateTable('orders').set({ stage: 'proof_sent' }).where('id', '=', id).execute();
  return { id, artworkId, token: signLink('order', id) };
}

export const ORDER_ENDPOINTS: Record<string, EndpointSpec> = {
  'admin-dashboard': {
    admin: true,
    reads: [{ label: 'GET /api/dashboard', path: () => '/api/dashboard', query: [token('days')] }],
    healthy: async () => ({ path: '/api/dashboard?days=7' }),
  },
  'admin-order-work-order': {
    admin: true,
    reads: [
      {
        label: 'GET /api/orders/:id/work-order',
        path: (f) => `/api/orders/${f.orderId}/work-order`,
        params: idParam('orderId'),
        pathParams: [token('id')],
      },
    ],
    healthy: async (f) => ({ path: `/api/orders/${f.orderId}/work-order`, params: { id: f.orderId } }),
  },
  'admin-store-report': {
    admin: true,
    reads: [
      {
        label: 'GET /api/admin/store-reports/:id',
        path: () => `/api/admin/store-reports/${NO_SUCH_ID}`,
        params: () => ({ id: NO_SUCH_ID }),
        pathParams: [token('id')],
      },
    ],
    healthy: async (f) => {
      const store = await hostileStore(f);
      return { path: `/api/admin/store-reports/${store}/report.csv`, params: { id: store } };
    },
  },
  'admin-store-packing-slips': {
    admin: true,
    reads: [
      {
        label: 'GET /api/admin/store-packing-slips/:id',
        path: () => `/api/admin/store-packing-slips/${NO_SUCH_ID}`,
        params: () => ({ id: NO_SUCH_ID }),
        pathParams: [token('id')],
      },
    ],
    healthy: async (f) => {
      const store = await hostileStore(f);
      return { path: `/api/admin/store-packing-slips/${store}`, params: { id: store } };
    },
  },
  'admin-order-counts': {
    admin: true,
    reads: [{ label: 'GET /api/order-counts', path: () => '/api/order-counts', query: [ignored('stage')] }],
    healthy: async () => ({ path: '/api/order-counts' }),
  },
  'admin-orders-export': {
    admin: true,
    reads: [
      {
        label: 'GET /api/order-export',
        path: () => '/api/order-export',
        query: [
          token('email'),
          token('user_id'),
          token('status'),
          token('stage'),
          token('from'),
          token('to'),
          token('attention'),
        ],
      },
    ],
    healthy: async () => ({ path: '/api/order-export?attention=true' }),
  },
  'admin-receivables': {
    admin: true,
    reads: [{ label: 'GET /api/admin/receivables', path: () => '/api/admin/receivables', query: [ignored('q')] }],
    healthy: get('/api/admin/receivables'),
  },
  'admin-receivables-export': {
    admin: true,
    reads: [
      {
        label: 'GET /api/admin/receivables/invoices.csv',
        path: () => '/api/admin/receivables/invoices.csv',
        query: [token('from'), token('to')],
      },
      {
        label: 'GET /api/admin/receivables/payments.csv',
        path: () => '/api/admin/receivables/payments.csv',
        query: [token('from'), token('to')],
      },
    ],
    healthy: get('/api/admin/receivables/payments.csv?from=2026-01-01&to=2026-12-31'),
  },
  'admin-order-stages-bulk': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/order-stages',
        method: 'POST',
        async setup(f) {
          bulkOrder = await paidOrder(f);
          return {};
        },
        path: () => '/api/order-stages',
        encoding: 'json',
        limit: 16 * 1024,
        valid: () => ({ ids: [bulkOrder], to: 'in_production', comment: 'Tuesday run' }),
        fields: [token('ids'), token('to'), text('comment', 2000)],
        stores: ['orders', 'order_events', 'email_outbox'],
        async readBack(f, answer) {
          const id = (answer as { moved: string[] }).moved[0]!;
          const event = await f.db
            .selectFrom('order_events')
            .select('comment')
            .where('order_id', '=', id)
            .executeTakeFirstOrThrow();
          return { comment: event.comment ?? '' };
        },
      },
    ],
    healthy: async (f) => ({
      method: 'POST',
      path: '/api/order-stages',
      body: { ids: [await paidOrder(f)], to: 'in_production' },
    }),
  },
  'admin-order-proofs': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/orders/:id/proofs',
        method: 'POST',
        async setup(f) {
          proofFile = await checkedFile(f);
          return { orderId: await printedOrder(f) };
        },
        path: (_f, v) => `/api/orders/${v['orderId']}/proofs`,
        params: (_f, v) => ({ id: v['orderId']! }),
        encoding: 'json',
        limit: 8 * 1024,
        valid: () => ({ artwork_id: proofFile, owner_token: OWNER, note: 'Logo centred' }),
        fields: [token('artwork_id'), token('owner_token'), text('note', 2000)],
        stores: ['artwork', 'order_proofs', 'orders', 'order_events', 'email_outbox'],
        async readBack(f, answer) {
          const row = await f.db
            .selectFrom('order_proofs')
            .select('note')
            .where('id', '=', (answer as { proof_id: string }).proof_id)
            .executeTakeFirstOrThrow();
          return { note: row.note ?? '' };
        },
      },
    ],
    healthy: async (f) => {
      const id = await printedOrder(f);
      return {
        method: 'POST',
        path: `/api/orders/${id}/proofs`,
        params: { id },
        body: { artwork_id: await checkedFile(f), owner_token: OWNER, note: 'Proof' },
      };
    },
  },
  'admin-order-artwork': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/orders/:id/artwork',
        method: 'POST',
        async setup(f) {
          proofFile = await checkedFile(f);
          return awaitingArtworkOrder(f);
        },
        path: (_f, v) => `/api/orders/${v['orderId']}/artwork`,
        params: (_f, v) => ({ id: v['orderId']! }),
        encoding: 'json',
        limit: 4 * 1024,
        valid: () => ({ item_id: awaitingItem, location: 'front', artwork_id: proofFile, owner_token: OWNER }),
        fields: [token('item_id'), token('location'), token('artwork_id'), token('owner_token')],
        stores: ['artwork', 'order_items', 'orders', 'order_events'],
      },
    ],
    healthy: async (f) => {
      const { orderId } = await awaitingArtworkOrder(f);
      return {
        method: 'POST',
        path: `/api/orders/${orderId}/artwork`,
        params: { id: orderId },
        body: { item_id: awaitingItem, location: 'front', artwork_id: await checkedFile(f), owner_token: OWNER },
      };
    },
  },
  'admin-order-refunds': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/orders/:id/refunds',
        method: 'POST',
        setup: async (f) => ({ orderId: await paidOrder(f) }),
        path: (_f, v) => `/api/orders/${v['orderId']}/refunds`,
        params: (_f, v) => ({ id: v['orderId']! }),
        encoding: 'json',
        limit: 4 * 1024,
        valid: () => ({ amount_cents: 1500, reason: 'Misprint' }),
        fields: [text('reason', 500), token('amount_cents'), token('cancel'), token('restock')],
        stores: ['orders', 'order_refunds', 'order_events', 'email_outbox'],
        async readBack(f, answer) {
          const row = await f.db
            .selectFrom('order_refunds')
            .select('reason')
            .where('id', '=', (answer as { refund_id: string }).refund_id)
            .executeTakeFirstOrThrow();
          return { reason: row.reason ?? '' };
        },
      },
    ],
    healthy: async (f) => {
      const id = await paidOrder(f);
      return { method: 'POST', path: `/api/orders/${id}/refunds`, params: { id }, body: { amount_cents: 100 } };
    },
  },
  'admin-order-payment-requests': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/orders/:id/payment-requests',
        method: 'POST',
        // The order owes its whole $100.00 (no payment recorded): an amount up to that is asked.
        setup: async (f) => ({ orderId: await paidOrder(f) }),
        path: (_f, v) => `/api/orders/${v['orderId']}/payment-requests`,
        params: (_f, v) => ({ id: v['orderId']! }),
        encoding: 'json',
        limit: 4 * 1024,
        valid: () => ({ kind: 'amount', amount_cents: 2500, note: 'Two more prints' }),
        fields: [text('note', 500), token('kind'), token('amount_cents'), token('share_percent')],
        stores: ['payment_requests', 'order_events', 'email_outbox'],
        async readBack(_f, answer) {
          return { note: (answer as { note: string | null }).note ?? '' };
        },
      },
    ],
    healthy: async (f) => {
      const id = await paidOrder(f);
      return {
        method: 'POST',
        path: `/api/orders/${id}/payment-requests`,
        params: { id },
        body: { kind: 'balance' },
      };
    },
  },
  'admin-order-payment-request-cancel': {
    admin: true,
    // Reads no body: whatever comes, the open request named in the path is withdrawn (the change).
    bodies: [
      {
        label: 'POST /api/orders/:id/payment-requests/:requestId/cancel',
        method: 'POST',
        setup: openRequest,
        path: (_f, v) => `/api/orders/${v['orderId']}/payment-requests/${v['requestId']}/cancel`,
        params: (_f, v) => ({ id: v['orderId']!, requestId: v['requestId']! }),
        encoding: 'json',
        limit: 4 * 1024,
        valid: () => ({}),
        fields: [],
        stores: ['payment_requests', 'order_events'],
        readsNoBody: true,
      },
    ],
    healthy: async (f) => {
      const { orderId, requestId } = await openRequest(f);
      return {
        method: 'POST',
        path: `/api/orders/${orderId}/payment-requests/${requestId}/cancel`,
        params: { id: orderId, requestId },
        body: {},
      };
    },
  },
  'admin-order-adjustments': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/orders/:id/adjustments',
        method: 'POST',
        // A paid order of $100.00 not yet handed over: an adjustment either way is taken.
        setup: async (f) => ({ orderId: await paidOrder(f) }),
        path: (_f, v) => `/api/orders/${v['orderId']}/adjustments`,
        params: (_f, v) => ({ id: v['orderId']! }),
        encoding: 'json',
        limit: 4 * 1024,
        valid: () => ({ amount_cents: 1200, reason: 'Extra artwork time' }),
        fields: [text('reason', 200), token('amount_cents')],
        // The total changed: the customer is e-mailed what changed and what is owed now.
        // The customer e-mail's My orders link names their users row, made with the first mail (issue 48).
        stores: ['orders', 'order_items', 'order_events', 'email_outbox', 'users'],
        async readBack(f, answer) {
          const line = await f.db
            .selectFrom('order_items')
            .select('name')
            .where('order_id', '=', (answer as { id: string }).id)
            .where('item_type', '=', 'adjustment')
            .executeTakeFirstOrThrow();
          return { reason: line.name.replace(/^Adjustment: /, '') };
        },
      },
    ],
    healthy: async (f) => {
      const id = await paidOrder(f);
      return {
        method: 'POST',
        path: `/api/orders/${id}/adjustments`,
        params: { id },
        body: { amount_cents: -500, reason: 'Goodwill' },
      };
    },
  },
  'admin-order-sizes': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/orders/:id/sizes',
        method: 'POST',
        setup: sizedOrder,
        path: (_f, v) => `/api/orders/${v['orderId']}/sizes`,
        params: (_f, v) => ({ id: v['orderId']! }),
        encoding: 'json',
        limit: 8 * 1024,
        valid: (f) => ({
          item_id: sizedLines.get(f) ?? NO_SUCH_ID,
          sizes: [{ size_id: f.variantSizeId, quantity: 2 }],
        }),
        fields: [token('item_id'), token('sizes')],
        stores: ['orders', 'order_items', 'order_events', 'product_variants', 'products'],
      },
    ],
    healthy: async (f) => {
      const { orderId, itemId } = await sizedOrder(f);
      return {
        method: 'POST',
        path: `/api/orders/${orderId}/sizes`,
        params: { id: orderId },
        body: { item_id: itemId, sizes: [{ size_id: f.variantSizeId, quantity: 2 }] },
      };
    },
  },
  'admin-order-locations': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/orders/:id/locations',
        method: 'POST',
        setup: frontOrder,
        path: (_f, v) => `/api/orders/${v['orderId']}/locations`,
        params: (_f, v) => ({ id: v['orderId']! }),
        encoding: 'json',
        limit: 8 * 1024,
        valid: (f) => ({ item_id: frontLines.get(f) ?? NO_SUCH_ID, add: { code: 'back' } }),
        fields: [token('item_id'), token('add'), token('remove')],
        stores: ['orders', 'order_items', 'order_events'],
      },
    ],
    healthy: async (f) => {
      const { orderId, itemId } = await frontOrder(f);
      return {
        method: 'POST',
        path: `/api/orders/${orderId}/locations`,
        params: { id: orderId },
        body: { item_id: itemId, add: { code: 'back' } },
      };
    },
  },
};

/** The order page (src/pages/orders/[token].astro), rendered per request: not a function file. */
export const ORDER_PAGE_ENDPOINT: EndpointSpec = {
  bodies: [
    {
      label: 'POST /orders/:token',
      method: 'POST',
      setup: async (f) => ({ token: (await orderAwaitingAnswer(f)).token }),
      path: (_f, v) => `/orders/${v['token']}`,
      params: (_f, v) => ({ token: v['token']! }),
      encoding: 'form',
      limit: 16 * 1024,
      valid: () => ({ answer: 'changes', comment: 'Make the logo bigger' }),
      fields: [token('answer'), text('comment', 2000)],
      // The customer e-mail's My orders link names their users row, made with the first mail (issue 48).
      stores: ['orders', 'order_events', 'email_outbox', 'users'],
      html: true,
      redirects: true,
      async readBack(f) {
        const event = await f.db
          .selectFrom('order_events')
          .select('comment')
          .where('to_stage', '=', 'changes_requested')
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow();
        return { comment: event.comment ?? '' };
      },
    },
  ],
  reads: [
    {
      label: 'GET /orders/:token',
      path: () => `/orders/${NO_SUCH_ID.replaceAll('-', '')}.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA`,
      params: () => ({ token: `${NO_SUCH_ID.replaceAll('-', '')}.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA` }),
      pathParams: [token('token')],
      html: true,
    },
  ],
  healthy: async (f) => {
    const { token: link } = await orderAwaitingAnswer(f);
    return { path: `/orders/${link}`, params: { token: link } };
  },
};

/** An order page's file (src/pages/orders/[token]/files/[id]/[what].astro), rendered per request. */
export const ORDER_FILE_PAGE_ENDPOINT: EndpointSpec = {
  reads: [
    {
      label: 'GET /orders/:token/files/:id/:what',
      path: () => `/orders/sample/files/${NO_SUCH_ID}/thumbnail`,
      params: () => ({ token: 'sample', id: NO_SUCH_ID, what: 'thumbnail' }),
      pathParams: [token('token'), token('id'), token('what')],
      html: true,
    },
  ],
  healthy: async (f) => {
    const { token: link, artworkId } = await orderAwaitingAnswer(f);
    return {
      path: `/orders/${link}/files/${artworkId}/thumbnail`,
      params: { token: link, id: artworkId, what: 'thumbnail' },
    };
  },
};
