import { personalTestSession } from '../personal-code.ts';
import { type EndpointSpec, type FieldSpec, type Fixtures, get, ignored, JSON_LIMIT, text, token } from './spec.ts';
import { TEST_CHECKOUT_CONTACT } from '../test-checkout-contact.ts';

/** The public endpoints: catalogue reads, cart, checkout, promo codes, forms, test checkout, webhook. */

const contactMessage = (f: Fixtures) => ({
  fullName: 'Maria Delgado',
  emailAddress: `maria.${f.unique()}@example.com`,
  subject: 'Order Help',
  message: 'We need 200 shirts.',
});
/** The contact form's fields and what each takes. */
const CONTACT_FIELDS: FieldSpec[] = [
  text('fullName', 200),
  { name: 'emailAddress', kind: 'email' },
  token('subject'),
  text('message', 5000),
];
const checkoutLine = (f: Fixtures) => ({
  productId: f.productId,
  colorId: f.variantColorId,
  sizeId: f.variantSizeId,
  quantity: 1,
});
const buyNow = (f: Fixtures) => ({
  productId: f.productId,
  color_id: f.variantColorId,
  size_id: f.variantSizeId,
  quantity: 1,
  fulfillment: 'local',
});

export const PUBLIC_ENDPOINTS: Record<string, EndpointSpec> = {
  // ---- public reads ----------------------------------------------------------------------
  catalog: {
    reads: [{ label: 'GET /api/catalog', path: () => '/api/catalog', query: [ignored('q')] }],
    healthy: get('/api/catalog'),
  },
  collections: {
    reads: [{ label: 'GET /api/collections', path: () => '/api/collections', query: [ignored('q')] }],
    healthy: get('/api/collections'),
  },
  collection: {
    reads: [
      {
        label: 'GET /api/collections/:slug',
        path: (f) => `/api/collections/${f.collectionSlug}`,
        params: (f) => ({ slug: f.collectionSlug }),
        pathParams: [token('slug')],
      },
    ],
    healthy: async (f) => ({ path: `/api/collections/${f.collectionSlug}`, params: { slug: f.collectionSlug } }),
  },
  products: {
    reads: [{ label: 'GET /api/products', path: () => '/api/products', query: [token('category'), ignored('q')] }],
    healthy: get('/api/products'),
  },
  // Issue 50: the cart's tax estimate; a hostile state or ZIP is a 400.
  'tax-rules': {
    reads: [
      {
        label: 'GET /api/tax-rules',
        path: () => '/api/tax-rules?state=TX&zip=79415',
        query: [token('state'), token('zip'), ignored('pickup')],
      },
    ],
    healthy: get('/api/tax-rules?pickup=1'),
  },
  'product-by-slug': {
    reads: [
      {
        label: 'GET /api/products/slug/:slug',
        path: (f) => `/api/products/slug/${f.productSlug}`,
        params: (f) => ({ slug: f.productSlug }),
        pathParams: [token('slug')],
      },
    ],
    healthy: async (f) => ({ path: `/api/products/slug/${f.productSlug}`, params: { slug: f.productSlug } }),
  },
  services: {
    reads: [{ label: 'GET /api/services', path: () => '/api/services', query: [ignored('q')] }],
    healthy: get('/api/services'),
  },
  'checkout-session': {
    reads: [{ label: 'GET /api/checkout/session', path: () => '/api/checkout/session', query: [token('session_id')] }],
    healthy: async (f) => ({ path: `/api/checkout/session?session_id=${await f.testSession()}` }),
  },
  // The old unsubscribe address: a 308 to the page (UNSUBSCRIBE_PAGE_ENDPOINT), whatever it carries.
  'newsletter-unsubscribe': {
    bodies: [
      {
        label: 'POST /api/newsletter/unsubscribe',
        method: 'POST',
        path: () => '/api/newsletter/unsubscribe',
        encoding: 'form',
        limit: 2048,
        valid: () => ({ token: '00000000-0000-0000-0000-000000000000' }),
        fields: [],
        stores: [],
        readsNoBody: true,
      },
    ],
    healthy: async (f) => ({ path: `/api/newsletter/unsubscribe?token=${f.subscriberToken}` }),
  },

  // ---- public writes ---------------------------------------------------------------------
  cart: {
    bodies: [
      {
        label: 'POST /api/cart',
        method: 'POST',
        path: () => '/api/cart',
        encoding: 'json',
        limit: JSON_LIMIT,
        valid: (f) => ({ items: [checkoutLine(f)] }),
        // A cart may carry a promo code the shopper typed: free text until checkout checks it.
        fields: [token('cartId'), text('discountCode', 64)],
        stores: ['carts'],
        async readBack(f, answer) {
          const row = await f.db
            .selectFrom('carts')
            .select('discount_code')
            .where('id', '=', (answer as { id: string }).id)
            .executeTakeFirstOrThrow();
          return { discountCode: row.discount_code };
        },
      },
    ],
    healthy: async () => ({ method: 'POST', path: '/api/cart', body: { items: [] } }),
  },
  'cart-refresh': {
    bodies: [
      {
        label: 'POST /api/cart/refresh',
        method: 'POST',
        path: () => '/api/cart/refresh',
        encoding: 'json',
        limit: JSON_LIMIT,
        valid: (f) => ({ items: [{ productId: f.productId, colorId: f.variantColorId, sizeId: f.variantSizeId }] }),
        // A read: the lines are looked up, never stored.
        fields: [token('items')],
        stores: [],
      },
    ],
    healthy: async (f) => ({
      method: 'POST',
      path: '/api/cart/refresh',
      body: { items: [{ productId: f.productId, colorId: f.variantColorId, sizeId: f.variantSizeId }] },
    }),
  },
  'cart-checkout': {
    bodies: [
      {
        label: 'POST /api/cart/checkout',
        method: 'POST',
        path: () => '/api/cart/checkout',
        encoding: 'json',
        limit: JSON_LIMIT,
        valid: (f) => ({ items: [checkoutLine(f)], fulfillment: 'local' }),
        // A promo code is looked up, not stored: a hostile one names no code (404).
        fields: [
          token('cartId'),
          token('discountCode'),
          token('fulfillment'),
          token('shippingSpeed'),
          token('artworkOwner'),
          token('shipTo'),
        ],
        stores: [],
      },
      {
        label: 'POST /api/cart/checkout with a personal code',
        method: 'POST',
        path: () => '/api/cart/checkout',
        encoding: 'json',
        limit: JSON_LIMIT,
        // The seeded welcome code of hank.pruitt@example.com: a hostile address is malformed
        // (400) or another mailbox's (403); either way no order, hold or claim is stored.
        valid: (f) => ({
          items: [checkoutLine(f)],
          fulfillment: 'local',
          discountCode: 'WT-HP3M8R',
          email: 'hank.pruitt@example.com',
        }),
        fields: [token('email')],
        stores: [],
      },
    ],
    healthy: async (f) => ({
      method: 'POST',
      path: '/api/cart/checkout',
      body: { items: [checkoutLine(f)], fulfillment: 'local' },
    }),
  },
  'buy-now': {
    bodies: [
      {
        label: 'POST /api/checkout',
        method: 'POST',
        path: () => '/api/checkout',
        encoding: 'json',
        limit: JSON_LIMIT,
        valid: buyNow,
        fields: [token('productId'), token('color_id'), token('size_id'), token('fulfillment')],
        stores: [],
      },
    ],
    healthy: async (f) => ({ method: 'POST', path: '/api/checkout', body: buyNow(f) }),
  },
  'discount-validate': {
    bodies: [
      {
        label: 'POST /api/discount-codes/validate',
        method: 'POST',
        path: () => '/api/discount-codes/validate',
        encoding: 'json',
        limit: JSON_LIMIT,
        valid: () => ({ code: 'NO-SUCH-CODE' }),
        fields: [token('code')],
        stores: [],
      },
    ],
    healthy: async () => ({ method: 'POST', path: '/api/discount-codes/validate', body: { code: 'WELCOME10' } }),
  },
  contact: {
    bodies: [
      {
        label: 'POST /api/contact',
        method: 'POST',
        path: () => '/api/contact',
        encoding: 'json',
        limit: JSON_LIMIT,
        valid: contactMessage,
        fields: CONTACT_FIELDS,
        // The message, and the two mails about it (to the shop, and the receipt to the sender).
        stores: ['contact_messages', 'email_outbox'],
        readBack: readContact,
      },
      {
        label: 'POST /api/contact (form post)',
        method: 'POST',
        path: () => '/api/contact',
        encoding: 'form',
        limit: JSON_LIMIT,
        valid: contactMessage,
        fields: [text('fullName', 200), text('message', 5000)],
        stores: ['contact_messages', 'email_outbox'],
        readBack: readContact,
      },
    ],
    healthy: async (f) => ({
      method: 'POST',
      path: '/api/contact',
      body: { fullName: 'Ana', emailAddress: `ana.${f.unique()}@example.com`, subject: 'Other', message: 'Hello' },
    }),
  },
  newsletter: {
    bodies: [
      {
        label: 'POST /api/newsletter',
        method: 'POST',
        path: () => '/api/newsletter',
        encoding: 'json',
        limit: 4 * 1024,
        valid: (f) => ({ email: `reader.${f.unique()}@example.com` }),
        fields: [{ name: 'email', kind: 'email' }],
        // A new subscriber gets a one-use welcome code and the welcome mail.
        stores: ['newsletter_subscribers', 'discount_codes', 'email_outbox'],
        async readBack(f, _answer, sent) {
          const row = await f.db
            .selectFrom('newsletter_subscribers')
            .select('email')
            .where('email', '=', sent['email'] as string)
            .executeTakeFirst();
          return { email: row?.email };
        },
      },
      {
        label: 'POST /api/newsletter (form post)',
        method: 'POST',
        path: () => '/api/newsletter',
        encoding: 'form',
        limit: 4 * 1024,
        valid: (f) => ({ email: `reader.${f.unique()}@example.com` }),
        fields: [],
        stores: ['newsletter_subscribers', 'discount_codes', 'email_outbox'],
      },
    ],
    healthy: async (f) => ({
      method: 'POST',
      path: '/api/newsletter',
      body: { email: `ok.${f.unique()}@example.com` },
    }),
  },
  'stripe-webhook': {
    stripe: true,
    bodies: [
      {
        label: 'POST /api/stripe/webhook (unsigned)',
        method: 'POST',
        path: () => '/api/stripe/webhook',
        encoding: 'json',
        limit: 512 * 1024,
        valid: () => ({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } }),
        fields: [],
        stores: [],
      },
    ],
  },
  'netlify-deploy-events': {
    netlifyDeploys: true,
    bodies: [
      {
        label: 'POST /api/netlify/deploy-events (unsigned)',
        method: 'POST',
        path: () => '/api/netlify/deploy-events',
        encoding: 'json',
        limit: 512 * 1024,
        valid: () => ({ id: 'd1', state: 'ready', context: 'production', published_at: new Date().toISOString() }),
        fields: [],
        stores: [],
      },
    ],
  },
  'send-mail': { scheduled: true },
  sweep: { scheduled: true },
  // "Sign in with a passkey" (issue 45): a challenge, then a signature over it; a well-formed answer
  // to no challenge of ours is a 401, and only a challenge row is ever stored.
  'staff-passkey-sign-in': {
    bodies: [
      {
        label: 'POST /api/staff/passkey/options',
        method: 'POST',
        path: () => '/api/staff/passkey/options',
        encoding: 'json',
        limit: 1024,
        valid: () => ({}),
        fields: [],
        stores: ['webauthn_challenges'],
        readsNoBody: true,
      },
      {
        label: 'POST /api/staff/passkey/sign-in',
        method: 'POST',
        path: () => '/api/staff/passkey/sign-in',
        encoding: 'json',
        limit: 32 * 1024,
        valid: () => ({ response: { id: 'AAAAAAAAAAAAAAAAAAAAAA' } }),
        fields: [token('response')],
        stores: [],
      },
    ],
  },
  // "Forgot password" on the admin's sign-in (issue 45): an address nobody has gets the same 202, and nothing is stored.
  'staff-password-reset': {
    bodies: [
      {
        label: 'POST /api/staff/password-reset',
        method: 'POST',
        path: () => '/api/staff/password-reset',
        encoding: 'json',
        limit: 1024,
        valid: (f) => ({ email: `nobody-${f.unique()}@example.org` }),
        fields: [{ name: 'email', kind: 'email' }],
        stores: [],
      },
    ],
  },
  // Staff sign-in by a one-time code (issue 45): asking for one answers the same for any address.
  'staff-sign-in-code': {
    bodies: [
      {
        label: 'POST /api/staff/sign-in-code',
        method: 'POST',
        path: () => '/api/staff/sign-in-code',
        encoding: 'json',
        limit: 1024,
        valid: (f) => ({ email: `nobody-${f.unique()}@example.org` }),
        fields: [{ name: 'email', kind: 'email' }],
        stores: [],
      },
    ],
  },
};

async function readContact(f: Fixtures, _answer: unknown, sent: Record<string, unknown>) {
  const row = await f.db
    .selectFrom('contact_messages')
    .select(['full_name', 'email', 'message'])
    .where('email', '=', sent['emailAddress'] as string)
    .executeTakeFirstOrThrow();
  return { fullName: row.full_name, emailAddress: row.email, message: row.message };
}

/** The built-in test checkout (src/pages/test-checkout/[sessionId].astro), rendered per request: not a function file. */
export const TEST_CHECKOUT_PAGE_ENDPOINT: EndpointSpec = {
  reads: [
    {
      label: 'GET /test-checkout/:sessionId',
      path: () => '/test-checkout/x',
      params: () => ({ sessionId: 'test_00000000-0000-0000-0000-000000000000' }),
      pathParams: [token('sessionId')],
      html: true,
    },
    {
      label: 'POST /test-checkout/:sessionId (Cancel of an unknown session)',
      method: 'POST',
      path: () => '/test-checkout/x',
      params: () => ({ sessionId: 'test_00000000-0000-0000-0000-000000000000' }),
      pathParams: [token('sessionId')],
      html: true,
    },
  ],
  bodies: [
    {
      label: 'POST /test-checkout/:sessionId (Pay)',
      method: 'POST',
      setup: async (f) => ({ sessionId: await f.testSession() }),
      path: (_f, v) => `/test-checkout/${v['sessionId']}`,
      params: (_f, v) => ({ sessionId: v['sessionId']! }),
      encoding: 'form',
      limit: 16 * 1024,
      // A valid e-mail pays the order: the receipt address is the one stored (with the name,
      // phone and ship-to address the page asks for).
      valid: () => ({ intent: 'pay', ...TEST_CHECKOUT_CONTACT, email: 'not an address' }),
      fields: [{ name: 'email', kind: 'email' }],
      stores: ['orders', 'order_payments', 'payment_sessions', 'users', 'email_outbox'],
      async readBack(f, _answer, sent) {
        const row = await f.db
          .selectFrom('orders')
          .select('email')
          .where('email', '=', sent['email'] as string)
          .executeTakeFirst();
        return { email: row?.email };
      },
      html: true,
      redirects: true,
    },
    {
      label: 'POST /test-checkout/:sessionId (Pay of a personal-code order)',
      method: 'POST',
      setup: async (f) => ({
        sessionId: await personalTestSession(f.db, {
          productId: f.productId,
          colorId: f.variantColorId,
          sizeId: f.variantSizeId,
        }),
      }),
      path: (_f, v) => `/test-checkout/${v['sessionId']}`,
      params: (_f, v) => ({ sessionId: v['sessionId']! }),
      encoding: 'form',
      limit: 16 * 1024,
      // Bound to its code's address: every other one, well-formed or not, is refused (400).
      valid: () => ({ intent: 'pay', ...TEST_CHECKOUT_CONTACT, email: 'not an address' }),
      fields: [token('email')],
      stores: [],
      html: true,
    },
  ],
  healthy: async (f) => {
    const sessionId = await f.testSession();
    return { path: `/test-checkout/${sessionId}`, params: { sessionId } };
  },
};

/** The contact form's page for a plain post (src/pages/contact/send.astro), rendered per request. */
export const CONTACT_PAGE_ENDPOINT: EndpointSpec = {
  bodies: [
    {
      label: 'POST /contact/send',
      method: 'POST',
      path: () => '/contact/send',
      encoding: 'form',
      limit: JSON_LIMIT,
      valid: contactMessage,
      fields: CONTACT_FIELDS,
      stores: ['contact_messages', 'email_outbox'],
      readBack: readContact,
      html: true,
    },
  ],
  healthy: async (f) => ({
    method: 'POST',
    path: '/contact/send',
    body: { fullName: 'Ana', emailAddress: `ana.${f.unique()}@example.com`, subject: 'Other', message: 'Hello' },
  }),
};

/** The mailing-list sign-up's page for a plain post (src/pages/newsletter/index.astro). */
export const NEWSLETTER_PAGE_ENDPOINT: EndpointSpec = {
  bodies: [
    {
      label: 'POST /newsletter',
      method: 'POST',
      path: () => '/newsletter',
      encoding: 'form',
      limit: 4 * 1024,
      valid: (f) => ({ email: `reader.${f.unique()}@example.com` }),
      fields: [{ name: 'email', kind: 'email' }],
      stores: ['newsletter_subscribers', 'discount_codes', 'email_outbox'],
      html: true,
    },
  ],
  healthy: async (f) => ({ method: 'POST', path: '/newsletter', body: { email: `ok.${f.unique()}@example.com` } }),
};

/** The welcome e-mail's unsubscribe page (src/pages/newsletter/unsubscribe.astro). */
export const UNSUBSCRIBE_PAGE_ENDPOINT: EndpointSpec = {
  reads: [
    {
      label: 'GET /newsletter/unsubscribe',
      path: () => '/newsletter/unsubscribe',
      query: [token('token')],
      html: true,
    },
  ],
  bodies: [
    {
      label: 'POST /newsletter/unsubscribe',
      method: 'POST',
      path: () => '/newsletter/unsubscribe',
      encoding: 'form',
      limit: 2048,
      // The real token would unsubscribe (a change): hostile tokens name nobody.
      valid: () => ({ token: '00000000-0000-0000-0000-000000000000' }),
      fields: [token('token')],
      stores: [],
      html: true,
    },
  ],
  healthy: async (f) => ({ path: `/newsletter/unsubscribe?token=${f.subscriberToken}` }),
};
