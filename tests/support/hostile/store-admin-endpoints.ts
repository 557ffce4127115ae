import { instantToShopLocal } from '../../../src/lib/site/shop-time.ts';
import { jsonb } from '../../../src/server/db/json.ts';
import { signLink } from '../../../src/server/links/signed-links.ts';
import { checkedArtwork } from './checked-artwork.ts';
import { answeredRow, type EndpointSpec, type Fixtures, ignored, JSON_LIMIT, text, token } from './spec.ts';

/** Issue 30: the owner's store setup, its send to the organiser, and the organiser's page and files. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const OWNER = 's'.repeat(40);
const DAY = 86_400_000;
// A save records "publishing" too: an approved store's page is pre-rendered.
// A save is also in the owner's activity log, with who made it (issue 45).
const STORE_TABLES = ['stores', 'store_designs', 'store_design_locations', 'publish_status', 'staff_activity'];

const shopTime = (days: number) => instantToShopLocal(new Date(Date.now() + days * DAY));

/** A valid new store: one design of the fixtures' hoodie (its variant's colour and size), printed on the front. */
const validStore = (f: Fixtures) => ({
  name: `Hostile store ${f.unique()}`,
  organiser_name: 'Coach Hostile',
  organiser_email: 'coach.hostile@example.org',
  opens_at: shopTime(1),
  closes_at: shopTime(8),
  designs: [
    {
      product_id: f.productId,
      name: 'Hostile Hoodie',
      price_cents: 3000,
      color_ids: [f.variantColorId],
      size_ids: [f.variantSizeId],
      locations: [{ code: 'front' }],
    },
  ],
});

/** A store written straight to the database, its front printed with a checked file. */
export async function hostileStore(f: Fixtures, status: 'draft' | 'proof_sent' | 'approved') {
  const now = Date.now();
  const store = await f.db
    .insertInto('stores')
    .values({
      slug: `hostile-store-${f.unique()}`,
      name: 'Hostile store',
      organiser_name: 'Coach Hostile',
      organiser_email: 'coach.hostile@example.org',
      opens_at: new Date(now - DAY),
      closes_at: new Date(now + 5 * DAY),
      status,
      approved_at: status === 'approved' ? new Date(now) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const design = await f.db
    .insertInto('store_designs')
    .values({
      store_id: store.id,
      product_id: f.productId,
      name: 'Hostile Hoodie',
      price_cents: 3000,
      color_ids: jsonb([f.variantColorId]),
      size_ids: jsonb([f.variantSizeId]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const artworkId = await checkedArtwork(f.db, OWNER);
  await f.db
    .insertInto('store_design_locations')
    .values({ design_id: design.id, code: 'front', name: 'Front', artwork_id: artworkId })
    .execute();
  return { storeId: store.id, artworkId, token: signLink('organiser', store.id) };
}

export const STORE_ADMIN_ENDPOINTS: Record<string, EndpointSpec> = {
  'admin-stores': {
    admin: true,
    reads: [
      { label: 'GET /api/admin/stores', path: () => '/api/admin/stores', query: [ignored('q'), ignored('__proto__')] },
      {
        label: 'GET /api/admin/stores/:id',
        path: () => `/api/admin/stores/${NO_SUCH_ID}`,
        params: () => ({ id: NO_SUCH_ID }),
        pathParams: [token('id')],
      },
    ],
    bodies: [
      {
        label: 'POST /api/admin/stores',
        method: 'POST',
        path: () => '/api/admin/stores',
        encoding: 'json',
        limit: 128 * 1024,
        valid: validStore,
        fields: [
          text('name', 120),
          text('organiser_name', 120),
          { name: 'organiser_email', kind: 'email' },
          token('visibility'),
          token('opens_at'),
          token('closes_at'),
          token('minimum_per_design'),
          token('missed_minimum'),
          token('delivery'),
        ],
        stores: STORE_TABLES,
        readBack: answeredRow,
      },
      {
        label: 'PUT /api/admin/stores/:id',
        method: 'PUT',
        setup: async (f) => ({ storeId: (await hostileStore(f, 'draft')).storeId }),
        path: (_f, v) => `/api/admin/stores/${v['storeId']}`,
        params: (_f, v) => ({ id: v['storeId']! }),
        encoding: 'json',
        limit: JSON_LIMIT,
        // An edit may send any one field: each attack goes alone.
        valid: () => ({}),
        fields: [text('name', 120), text('organiser_name', 120), token('closes_at'), token('visibility')],
        stores: STORE_TABLES,
        readBack: answeredRow,
      },
    ],
    healthy: async () => ({ path: '/api/admin/stores' }),
  },
  'admin-store-send': {
    admin: true,
    reads: [
      {
        label: 'POST /api/admin/stores/:id/send',
        method: 'POST',
        path: () => `/api/admin/stores/${NO_SUCH_ID}/send`,
        params: () => ({ id: NO_SUCH_ID }),
        pathParams: [token('id')],
      },
    ],
    healthy: async (f) => {
      const { storeId } = await hostileStore(f, 'draft');
      return { method: 'POST', path: `/api/admin/stores/${storeId}/send`, params: { id: storeId } };
    },
  },
  'admin-store-close': {
    admin: true,
    reads: [
      {
        label: 'POST /api/admin/stores/:id/close',
        method: 'POST',
        path: () => `/api/admin/stores/${NO_SUCH_ID}/close`,
        params: () => ({ id: NO_SUCH_ID }),
        pathParams: [token('id')],
      },
    ],
    // An open store without orders closes with nothing to print.
    healthy: async (f) => {
      const { storeId } = await hostileStore(f, 'approved');
      return { method: 'POST', path: `/api/admin/stores/${storeId}/close`, params: { id: storeId } };
    },
  },
};

/** The organiser page's artwork thumbnail (src/pages/stores/organiser/[token]/files/[id]/thumbnail.astro). */
export const ORGANISER_FILE_PAGE_ENDPOINT: EndpointSpec = {
  reads: [
    {
      label: 'GET /stores/organiser/:token/files/:id/thumbnail',
      path: () => `/stores/organiser/sample/files/${NO_SUCH_ID}/thumbnail`,
      params: () => ({ token: 'sample', id: NO_SUCH_ID }),
      pathParams: [token('token'), token('id')],
      html: true,
    },
  ],
  healthy: async (f) => {
    const { token: link, artworkId } = await hostileStore(f, 'proof_sent');
    return {
      path: `/stores/organiser/${link}/files/${artworkId}/thumbnail`,
      params: { token: link, id: artworkId },
    };
  },
};

/** The organiser's page (src/pages/stores/organiser/[token].astro), rendered per request: not a function file. */
export const ORGANISER_PAGE_ENDPOINT: EndpointSpec = {
  bodies: [
    {
      label: 'POST /stores/organiser/:token',
      method: 'POST',
      setup: async (f) => ({ token: (await hostileStore(f, 'approved')).token }),
      path: (_f, v) => `/stores/organiser/${v['token']}`,
      params: (_f, v) => ({ token: v['token']! }),
      encoding: 'form',
      limit: 4 * 1024,
      valid: () => ({ action: 'extend', days: '1' }),
      fields: [token('action'), token('days')],
      stores: ['stores'],
      html: true,
      redirects: true,
    },
  ],
  reads: [
    {
      label: 'GET /stores/organiser/:token',
      path: () => `/stores/organiser/${NO_SUCH_ID.replaceAll('-', '')}.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA`,
      params: () => ({ token: `${NO_SUCH_ID.replaceAll('-', '')}.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA` }),
      pathParams: [token('token')],
      html: true,
    },
  ],
  healthy: async (f) => {
    const { token: link } = await hostileStore(f, 'proof_sent');
    return { path: `/stores/organiser/${link}`, params: { token: link } };
  },
};
