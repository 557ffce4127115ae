import {
  ADMIN_PASSWORD,
  adminDelete,
  adminReads,
  adminSaves,
  answeredRow,
  type EndpointSpec,
  type Fixtures,
  get,
  html,
  ignored,
  idParam,
  JSON_LIMIT,
  SAVE_LIMIT,
  text,
  token,
} from './spec.ts';
import { checkedArtwork } from './checked-artwork.ts';
import { sql } from 'kysely';
import { WINDOW_MINUTES } from '../../../src/server/auth/login-throttle.ts';

const CERTIFICATE_OWNER = 'hostile-certificate-owner-0123456789abcdefgh';
/** The file the latest certificate setup uploaded: the valid body names it (valid() runs after setup). */
let certificateFile = '00000000-0000-4000-8000-000000000000';

/** A paid order with nothing printed: its first move, to production, is valid. */
async function paidOrder(f: Fixtures): Promise<string> {
  const order = await f.db
    .insertInto('orders')
    .values({ email: 'hostile.stage@example.com', status: 'paid', paid_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return order.id;
}

/** The back office: sign-in, reads and saves of every entity, each with the admin token. */
/** An id no row has. */
const NOBODY = '00000000-0000-4000-8000-000000000000';

export const ADMIN_ENDPOINTS: Record<string, EndpointSpec> = {
  'admin-login': {
    bodies: [
      {
        label: 'POST /api/admin/login',
        method: 'POST',
        path: () => '/api/admin/login',
        encoding: 'json',
        limit: 4096,
        valid: () => ({ password: 'wrong password' }),
        fields: [{ name: 'password', kind: 'secret' }],
        stores: [],
      },
    ],
    // The corpus's wrong passwords, each from a new address, spend the admin account's budget of
    // failures (docs/decisions/0041-password-checks.md): the owner signs in once that window has
    // passed, as it would for them after an attack.
    healthy: async (f) => {
      await f.db
        .updateTable('login_attempts')
        .set({ attempted_at: sql<Date>`attempted_at - make_interval(mins => ${WINDOW_MINUTES})` })
        .execute();
      return { method: 'POST', path: '/api/admin/login', body: { password: ADMIN_PASSWORD } };
    },
  },
  'admin-logout': {
    admin: true,
    // Reads no body: whatever comes with a valid token, that token is revoked (the change).
    bodies: [
      {
        label: 'POST /api/admin/logout',
        method: 'POST',
        path: () => '/api/admin/logout',
        encoding: 'json',
        limit: JSON_LIMIT,
        valid: () => ({}),
        fields: [],
        stores: ['admin_token_revocations'],
        readsNoBody: true,
      },
    ],
  },
  'admin-session': {
    admin: true,
    reads: [{ label: 'GET /api/admin/session', path: () => '/api/admin/session', query: [ignored('q')] }],
    healthy: get('/api/admin/session'),
  },
  'admin-publish-status': {
    admin: true,
    reads: [{ label: 'GET /api/admin/publish-status', path: () => '/api/admin/publish-status', query: [ignored('q')] }],
    healthy: get('/api/admin/publish-status'),
  },
  'admin-order-stage': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/orders/:id/stage',
        method: 'POST',
        // A fresh paid order with nothing printed each time: its first move to production is valid.
        setup: async (f) => ({ orderId: await paidOrder(f) }),
        path: (_f, v) => `/api/orders/${v['orderId']}/stage`,
        params: (_f, v) => ({ id: v['orderId']! }),
        encoding: 'json',
        limit: 8 * 1024,
        valid: () => ({ to: 'in_production', comment: 'On the press' }),
        fields: [token('to'), text('comment', 2000), token('carrier'), token('tracking_number'), token('tracking_url')],
        // The customer e-mail's My orders link names their users row, made with the first mail (issue 48).
        stores: ['orders', 'order_events', 'email_outbox', 'users'],
        async readBack(f, answer) {
          const event = await f.db
            .selectFrom('order_events')
            .select('comment')
            .where('order_id', '=', (answer as { id: string }).id)
            .executeTakeFirstOrThrow();
          return { comment: event.comment ?? '' };
        },
      },
    ],
    // Afterwards a plain move of a fresh paid order still goes through.
    healthy: async (f) => {
      const id = await paidOrder(f);
      return { method: 'POST', path: `/api/orders/${id}/stage`, params: { id }, body: { to: 'in_production' } };
    },
  },
  'admin-orders': {
    admin: true,
    reads: [
      {
        label: 'GET /api/orders',
        path: () => '/api/orders',
        query: [
          token('limit'),
          token('offset'),
          token('email'),
          token('user_id'),
          token('status'),
          token('from'),
          token('to'),
          token('attention'),
          token('stage'),
        ],
      },
      {
        label: 'GET /api/orders/:id',
        path: (f) => `/api/orders/${f.orderId}`,
        params: idParam('orderId'),
        pathParams: [token('id')],
      },
    ],
    healthy: get('/api/orders'),
  },
  'admin-users': {
    admin: true,
    reads: [
      {
        label: 'GET /api/users',
        path: () => '/api/users',
        // search is free text: matched as text, never as SQL or a LIKE pattern's syntax.
        query: [token('limit'), text('search', 200), token('role'), token('created_after'), token('created_before')],
      },
      {
        label: 'GET /api/users/:id',
        path: (f) => `/api/users/${f.userId}`,
        params: idParam('userId'),
        pathParams: [token('id')],
      },
    ],
    healthy: get('/api/users'),
  },
  'admin-discount-report': {
    admin: true,
    reads: [
      { label: 'GET /api/discount_codes/report', path: () => '/api/discount_codes/report', query: [ignored('q')] },
    ],
    healthy: get('/api/discount_codes/report'),
  },
  'admin-colors': {
    admin: true,
    reads: [...adminReads('/api/colors', 'colorId'), adminDelete('/api/colors', 'colorId')],
    bodies: adminSaves('/api/colors', 'colorId', 'colors', {
      valid: (f) => ({ name: `Hostile ${f.unique()}`, hex: '#123456' }),
      fields: [text('name', 60), token('hex')],
    }),
    healthy: get('/api/colors'),
  },
  'admin-sizes': {
    admin: true,
    reads: [...adminReads('/api/sizes', 'sizeId'), adminDelete('/api/sizes', 'sizeId')],
    bodies: adminSaves('/api/sizes', 'sizeId', 'sizes', {
      valid: (f) => ({ name: `H${f.unique()}` }),
      fields: [text('name', 40)],
    }),
    healthy: get('/api/sizes'),
  },
  'admin-templates': {
    admin: true,
    reads: [...adminReads('/api/templates', 'templateId'), adminDelete('/api/templates', 'templateId')],
    bodies: adminSaves('/api/templates', 'templateId', 'email_templates', {
      valid: (f) => ({ name: `hostile-${f.unique()}`, subject: 'Hello {{fullName}}' }),
      fields: [token('name'), text('subject', 300), text('txt', 50_000), html('html', 200_000)],
      // An update keeps what it replaced as a version.
      stores: ['email_template_versions'],
    }),
    healthy: get('/api/templates'),
  },
  'admin-template-versions': {
    admin: true,
    reads: [
      {
        label: 'GET /api/templates/:id/versions',
        path: (f) => `/api/templates/${f.templateId}/versions`,
        params: idParam('templateId'),
        pathParams: [token('id')],
      },
    ],
    healthy: async (f) => ({ path: `/api/templates/${f.templateId}/versions`, params: { id: f.templateId } }),
  },
  'admin-template-preview': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/template-preview',
        method: 'POST',
        path: () => '/api/template-preview',
        encoding: 'json',
        limit: JSON_LIMIT,
        valid: () => ({ name: 'order-confirmation', subject: 'Order {{orderNumber}}', txt: '', html: '<p>Hi</p>' }),
        fields: [token('name'), text('subject', 300), text('txt', 50_000), html('html', 200_000)],
        // Renders a draft; stores nothing.
        stores: [],
      },
    ],
    healthy: async () => ({
      method: 'POST',
      path: '/api/template-preview',
      body: { name: 'order-confirmation', subject: 'Order {{orderNumber}}', txt: '', html: '<p>Hi</p>' },
    }),
  },
  'admin-discount-codes': {
    admin: true,
    reads: [
      ...adminReads('/api/discount_codes', 'discountCodeId'),
      adminDelete('/api/discount_codes', 'discountCodeId'),
    ],
    bodies: adminSaves('/api/discount_codes', 'discountCodeId', 'discount_codes', {
      valid: (f) => ({ code: `HOSTILE-${f.unique()}`, name: 'Hostile', type: 'fixed', amount_cents: 100 }),
      fields: [token('code'), text('name', 120), token('type')],
    }),
    healthy: get('/api/discount_codes'),
  },
  'admin-business-accounts': {
    admin: true,
    // No delete: an account is deactivated with PUT { active: false }.
    reads: adminReads('/api/admin/business-accounts', 'businessAccountId'),
    bodies: adminSaves('/api/admin/business-accounts', 'businessAccountId', 'business_accounts', {
      valid: (f) => ({ name: `Hostile ${f.unique()}`, domain: `hostile-${f.unique()}.example.org`, terms: 'net_30' }),
      fields: [text('name', 120), token('email'), token('domain'), token('terms'), text('notes', 2000)],
    }),
    healthy: get('/api/admin/business-accounts'),
  },
  'admin-payment-settings': {
    admin: true,
    reads: [
      { label: 'GET /api/admin/payment-settings', path: () => '/api/admin/payment-settings', query: [ignored('q')] },
    ],
    bodies: [
      {
        label: 'PUT /api/admin/payment-settings',
        method: 'PUT',
        path: () => '/api/admin/payment-settings',
        encoding: 'json',
        limit: 4 * 1024,
        // The seeded values: an accepted save leaves the shop as it was.
        valid: () => ({ default_deposit_percent: 50, bank_transfer_min_cents: null }),
        fields: [token('default_deposit_percent'), token('bank_transfer_min_cents')],
        stores: ['payment_settings'],
      },
    ],
    healthy: get('/api/admin/payment-settings'),
  },
  // Tax rules (issue 50). Valid saves keep the demo's rules: 8 %, shipping untaxed, per order.
  'admin-tax': {
    admin: true,
    reads: [{ label: 'GET /api/admin/tax', path: () => '/api/admin/tax', query: [ignored('q')] }],
    bodies: [
      {
        label: 'PUT /api/admin/tax',
        method: 'PUT',
        path: () => '/api/admin/tax',
        encoding: 'json',
        limit: 4 * 1024,
        valid: () => ({ origin_rate: '8', origin_shipping_taxable: false, rounding: 'order', stripe_tax: false }),
        fields: [token('origin_rate'), token('rounding')],
        stores: ['tax_settings'],
      },
    ],
    healthy: get('/api/admin/tax'),
  },
  'admin-tax-rates': {
    admin: true,
    bodies: [
      {
        label: 'PUT /api/admin/tax/rates',
        method: 'PUT',
        path: () => '/api/admin/tax/rates',
        encoding: 'json',
        limit: 513 * 1024,
        // A hostile file is refused whole (400, rows named); a valid one replaces the rates.
        valid: () => ({ csv: 'state,zip prefix,rate,shipping taxable\nTX,,6.25,yes\n' }),
        fields: [token('csv')],
        stores: ['tax_rates'],
      },
    ],
    healthy: async () => ({ method: 'PUT', path: '/api/admin/tax/rates', body: { csv: 'TX,,6.25,yes\n' } }),
  },
  // Staff (issue 45). An id that is nobody's is a 404; the owner's own account cannot be suspended
  // (the last owner), so the status and devices routes are attacked by their path alone.
  'admin-staff': {
    admin: true,
    reads: [{ label: 'GET /api/admin/staff', path: () => '/api/admin/staff', query: [ignored('q')] }],
    bodies: [
      {
        label: 'POST /api/admin/staff',
        method: 'POST',
        path: () => '/api/admin/staff',
        encoding: 'json',
        limit: 4096,
        valid: (f) => ({ name: `Hostile ${f.unique()}`, email: `hostile-${f.unique()}@example.org`, role: 'art' }),
        fields: [text('name', 120), token('email'), token('role')],
        stores: ['staff_accounts', 'staff_invitations', 'email_outbox'],
      },
      {
        label: 'PUT /api/admin/staff/:id',
        method: 'PUT',
        // A person of the test's own each time: the valid request changes their role and name.
        async setup(f) {
          const row = await f.db
            .insertInto('staff_accounts')
            .values({ name: 'Hostile artist', email: `artist-${f.unique()}@example.org`, role: 'art' })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id: row.id };
        },
        path: (_f, vars) => `/api/admin/staff/${vars['id']}`,
        params: (_f, vars) => ({ id: vars['id']! }),
        encoding: 'json',
        limit: 4096,
        valid: (f) => ({ role: 'office', name: `Hostile ${f.unique()}` }),
        fields: [token('role'), text('name', 120)],
        stores: ['staff_accounts'],
      },
    ],
    healthy: get('/api/admin/staff'),
  },
  'admin-staff-status': {
    admin: true,
    reads: ['suspend', 'reinstate', 'invitation', 'sign-out'].map((action) => ({
      label: `POST /api/admin/staff/:id/${action}`,
      method: 'POST' as const,
      path: () => `/api/admin/staff/${NOBODY}/${action}`,
      params: () => ({ id: NOBODY }),
      pathParams: [token('id')],
    })),
    // Suspending a person of the test's own still works after the attacks.
    async healthy(f) {
      const { id } = await f.db
        .insertInto('staff_accounts')
        .values({ name: 'Hostile operator', email: `operator-${f.unique()}@example.org`, role: 'production' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { method: 'POST', path: `/api/admin/staff/${id}/suspend`, params: { id } };
    },
  },
  'admin-staff-sessions': {
    admin: true,
    reads: [
      { label: 'GET /api/admin/staff/me/sessions', path: () => '/api/admin/staff/me/sessions', query: [ignored('q')] },
      {
        label: 'DELETE /api/admin/staff/me/sessions/:id',
        method: 'DELETE',
        path: () => `/api/admin/staff/me/sessions/${NOBODY}`,
        params: () => ({ id: NOBODY }),
        pathParams: [token('id')],
      },
    ],
    healthy: get('/api/admin/staff/me/sessions'),
  },
  // A person's own passkeys (issue 45). Adding one needs a real authenticator's answer to a fresh
  // challenge (tests/integration/staff-passkeys.test.ts); here only its hostile shapes are tried.
  'admin-staff-passkeys': {
    admin: true,
    reads: [
      { label: 'GET /api/admin/staff/me/passkeys', path: () => '/api/admin/staff/me/passkeys', query: [ignored('q')] },
      {
        label: 'DELETE /api/admin/staff/me/passkeys/:id',
        method: 'DELETE',
        path: () => `/api/admin/staff/me/passkeys/${NOBODY}`,
        params: () => ({ id: NOBODY }),
        pathParams: [token('id')],
      },
    ],
    bodies: [
      {
        label: 'POST /api/admin/staff/me/passkey-options',
        method: 'POST',
        path: () => '/api/admin/staff/me/passkey-options',
        encoding: 'json',
        limit: JSON_LIMIT,
        valid: () => ({}),
        fields: [],
        stores: ['webauthn_challenges'],
        readsNoBody: true,
      },
      {
        label: 'POST /api/admin/staff/me/passkeys',
        method: 'POST',
        path: () => '/api/admin/staff/me/passkeys',
        encoding: 'json',
        limit: 32 * 1024,
        valid: () => ({ name: 'Phone', response: { id: 'AAAAAAAAAAAAAAAAAAAAAA', rawId: 'AAAAAAAAAAAAAAAAAAAAAA' } }),
        fields: [token('response')],
        stores: [],
      },
      {
        label: 'PUT /api/admin/staff/me/passkeys/:id',
        method: 'PUT',
        // A passkey of the token's own person each time: the valid request renames it.
        async setup(f) {
          const owner = await f.db
            .selectFrom('staff_accounts')
            .select('id')
            .where('uses_shop_password', '=', true)
            .executeTakeFirstOrThrow();
          const row = await f.db
            .insertInto('staff_passkeys')
            .values({
              staff_id: owner.id,
              credential_id: `hostile-credential-${f.unique()}`,
              public_key: Buffer.from('not a key'),
              name: 'Hostile key',
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id: row.id };
        },
        path: (_f, vars) => `/api/admin/staff/me/passkeys/${vars['id']}`,
        params: (_f, vars) => ({ id: vars['id']! }),
        encoding: 'json',
        limit: 1024,
        valid: () => ({ name: 'Renamed key' }),
        fields: [text('name', 80)],
        stores: ['staff_passkeys'],
      },
    ],
    healthy: get('/api/admin/staff/me/passkeys'),
  },
  // The owner's activity log (issue 45): filters by person, kind and days; CSV the same.
  'admin-activity': {
    admin: true,
    reads: [
      {
        label: 'GET /api/admin/activity',
        path: () => '/api/admin/activity',
        query: [token('staff_id'), token('kind'), token('from'), token('to'), token('limit'), token('offset')],
      },
      {
        label: 'GET /api/admin/activity.csv',
        path: () => '/api/admin/activity.csv',
        query: [token('staff_id'), token('kind'), token('from'), token('to')],
      },
    ],
    healthy: get('/api/admin/activity?kind=refund&from=2026-01-01&to=2026-12-31'),
  },
  'admin-shop-settings': {
    admin: true,
    reads: [{ label: 'GET /api/admin/shop-settings', path: () => '/api/admin/shop-settings', query: [ignored('q')] }],
    bodies: [
      {
        label: 'PUT /api/admin/shop-settings',
        method: 'PUT',
        path: () => '/api/admin/shop-settings',
        encoding: 'json',
        limit: 16 * 1024,
        // The seeded values: an accepted save leaves the shop as it was (and republishes it).
        valid: () => ({
          name: 'West Texas Prints',
          tagline: 'Prints with West Texas energy.',
          email: 'hello@westtexasprints.example',
          phone: '+1-432-555-0142',
          hours: 'Mon-Fri 9am-5pm',
          street_address: '1200 N Big Spring St',
          address_locality: 'Midland',
          address_region: 'TX',
          postal_code: '79701',
          address_country: 'US',
          social: [{ name: 'Instagram', url: 'https://www.instagram.com/westtexasprints' }],
          logo_url: null,
        }),
        fields: [
          text('name', 120),
          text('tagline', 200),
          token('email'),
          token('phone'),
          text('hours', 120),
          text('street_address', 200),
          text('address_locality', 100),
          text('address_region', 100),
          text('postal_code', 40),
          token('address_country'),
          token('social'),
          token('logo_url'),
        ],
        stores: ['shop_settings', 'publish_status'],
      },
    ],
    healthy: get('/api/admin/shop-settings'),
  },
  // The shop calendar (issue 46).
  'admin-shop-calendar': {
    admin: true,
    reads: [{ label: 'GET /api/admin/shop-calendar', path: () => '/api/admin/shop-calendar', query: [ignored('q')] }],
    bodies: [
      {
        label: 'PUT /api/admin/shop-calendar',
        method: 'PUT',
        path: () => '/api/admin/shop-calendar',
        encoding: 'json',
        limit: 64 * 1024,
        // The seeded calendar: an accepted save leaves the shop as it was (and republishes it).
        valid: () => ({ working_weekdays: [1, 2, 3, 4, 5], opens_at: '09:00', closes_at: '17:00', closed_days: [] }),
        fields: [token('working_weekdays'), token('opens_at'), token('closes_at'), token('closed_days')],
        stores: ['shop_calendar', 'shop_closed_days', 'publish_status'],
      },
    ],
    healthy: get('/api/admin/shop-calendar'),
  },
  'admin-shop-calendar-holidays': {
    admin: true,
    reads: [
      {
        label: 'GET /api/admin/shop-calendar/us-holidays',
        path: () => '/api/admin/shop-calendar/us-holidays',
        query: [token('year')],
      },
    ],
    healthy: get('/api/admin/shop-calendar/us-holidays?year=2027'),
  },
  'admin-business-certificate': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/admin/business-accounts/:id/certificate',
        method: 'POST',
        // A fresh exempt account and a checked upload each time: the valid request attaches it.
        async setup(f) {
          const account = await f.db
            .insertInto('business_accounts')
            .values({ name: 'Hostile exempt', domain: `exempt-${f.unique()}.example.org`, tax_exempt: true })
            .returning('id')
            .executeTakeFirstOrThrow();
          certificateFile = await checkedArtwork(f.db, CERTIFICATE_OWNER);
          return { accountId: account.id };
        },
        path: (_f, v) => `/api/admin/business-accounts/${v['accountId']}/certificate`,
        params: (_f, v) => ({ id: v['accountId']! }),
        encoding: 'json',
        limit: 4 * 1024,
        valid: () => ({ artwork_id: certificateFile, owner_token: CERTIFICATE_OWNER }),
        fields: [token('artwork_id'), token('owner_token')],
        stores: ['business_accounts'],
      },
    ],
  },
  'admin-price-lists': {
    admin: true,
    reads: [
      ...adminReads('/api/admin/price-lists', 'priceListId'),
      adminDelete('/api/admin/price-lists', 'priceListId'),
    ],
    // PUT needs the version the edit started from (409 otherwise): tests/integration/admin-price-lists.test.ts.
    bodies: [
      {
        label: 'POST /api/admin/price-lists',
        method: 'POST',
        path: () => '/api/admin/price-lists',
        encoding: 'json',
        limit: 256 * 1024,
        valid: (f) => ({
          name: `Hostile list ${f.unique()}`,
          data: { method: 'flat', cents_per_piece: 100, setup_fee_cents: 0 },
        }),
        fields: [text('name', 120)],
        stores: ['price_lists', 'price_list_versions'],
        readBack: answeredRow,
      },
    ],
    healthy: get('/api/admin/price-lists'),
  },
  'admin-collections': {
    admin: true,
    reads: adminReads('/api/admin/collections', 'collectionId'),
    healthy: get('/api/admin/collections'),
  },
  'admin-collections-write': {
    admin: true,
    reads: [adminDelete('/api/collections', 'collectionId')],
    bodies: adminSaves('/api/collections', 'collectionId', 'collections', {
      limit: SAVE_LIMIT,
      valid: (f) => ({ name: 'Hostile collection', slug: `hostile-${f.unique()}` }),
      fields: [
        text('name', 120),
        token('slug'),
        text('description', 2000),
        html('html_description', 50_000),
        text('description_extended', 10_000),
        token('start_date'),
        token('image_main_url'),
        token('imageMainContentType'),
      ],
    }),
  },
  'admin-product-list': {
    admin: true,
    reads: [
      {
        label: 'GET /api/admin/product-list',
        path: () => '/api/admin/product-list',
        // search is free text: matched as text, never as SQL or a LIKE pattern's syntax.
        query: [token('limit'), token('offset'), text('search', 200), token('collection'), token('visibility')],
      },
    ],
    healthy: get('/api/admin/product-list'),
  },
  'admin-products': {
    admin: true,
    reads: adminReads('/api/admin/products', 'targetProductId'),
    healthy: get('/api/admin/products'),
  },
  'admin-products-write': {
    admin: true,
    reads: [adminDelete('/api/products', 'targetProductId')],
    bodies: adminSaves('/api/products', 'targetProductId', 'products', {
      limit: SAVE_LIMIT,
      valid: (f) => ({
        name: 'Hostile tee',
        slug: `hostile-${f.unique()}`,
        price_cents: 1500,
        collection: f.collectionSlug,
      }),
      fields: [
        text('name', 160),
        token('slug'),
        text('sku', 64),
        text('product_type', 80),
        text('description', 5000),
        token('collection'),
        text('stripe_buy_button_id', 100),
        token('imageMainBase64'),
      ],
      // Each save is in the owner's activity log, with who made it (issue 45).
      stores: ['product_colors', 'product_sizes', 'product_variants', 'staff_activity'],
    }),
  },
  'admin-product-print-boxes': {
    admin: true,
    reads: [
      {
        label: 'GET /api/products/:id/print-boxes',
        path: (f) => `/api/products/${f.targetProductId}/print-boxes`,
        params: idParam('targetProductId'),
        pathParams: [token('id')],
      },
    ],
    bodies: [
      {
        label: 'PUT /api/products/:id/print-boxes',
        method: 'PUT',
        path: (f) => `/api/products/${f.targetProductId}/print-boxes`,
        params: idParam('targetProductId'),
        encoding: 'json',
        limit: 256 * 1024,
        valid: () => ({ boxes: [] }),
        fields: [token('boxes')],
        stores: ['product_print_boxes'],
      },
    ],
    healthy: async (f) => ({
      path: `/api/products/${f.targetProductId}/print-boxes`,
      params: { id: f.targetProductId },
    }),
  },
  'admin-services': {
    admin: true,
    reads: adminReads('/api/admin/services', 'serviceId'),
    healthy: get('/api/admin/services'),
  },
  'admin-services-write': {
    admin: true,
    reads: [adminDelete('/api/services', 'serviceId')],
    bodies: adminSaves('/api/services', 'serviceId', 'services', {
      limit: SAVE_LIMIT,
      valid: (f) => ({ name: 'Hostile service', slug: `hostile-${f.unique()}`, category_id: 'Printing' }),
      fields: [
        text('name', 120),
        token('slug'),
        text('tagline', 200),
        token('category_id'),
        text('short_description', 500),
        text('description', 10_000),
        html('description_html', 50_000),
        { name: 'metadata', kind: 'json' },
      ],
    }),
  },
  'admin-supplier-styles': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/admin/supplier-styles',
        method: 'POST',
        path: () => '/api/admin/supplier-styles',
        encoding: 'json',
        limit: 4096,
        valid: (f) => ({ supplier: 'demo', style: 'PC61', collection: f.collectionSlug, price_cents: 1500 }),
        // The style is looked up at the supplier, never stored as typed: a hostile one is refused.
        fields: [token('supplier'), token('style'), token('collection'), token('price_cents')],
        stores: ['products', 'product_colors', 'product_sizes', 'product_variants', 'supplier_skus', 'colors', 'sizes'],
      },
      {
        label: 'POST /api/admin/supplier-sync',
        method: 'POST',
        path: () => '/api/admin/supplier-sync',
        encoding: 'json',
        limit: 1024,
        valid: () => ({ supplier: 'demo' }),
        fields: [token('supplier')],
        stores: ['supplier_sync_runs'],
      },
    ],
    healthy: get('/api/admin/supplier-styles'),
  },
};
