import { submitQuoteRequest } from '../../../src/server/forms/quote-request.ts';
import { signLink } from '../../../src/server/links/signed-links.ts';
import { saveQuoteRevision } from '../../../src/server/quotes/revisions.ts';
import { sendQuote } from '../../../src/server/quotes/send.ts';
import { type EndpointSpec, type FieldSpec, type Fixtures, text, token } from './spec.ts';

/**
 * Quotes for custom jobs (docs/decisions/0017-quotes.md): the customer's request form and quote page, the owner's
 * list and quote editor. The quote page is a page, not a function: QUOTE_PAGE_ENDPOINT.
 */

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
/** A quote request's fields and what each takes (the API's and the page's). */
const REQUEST_FIELDS: FieldSpec[] = [
  text('what', 200),
  text('notes', 5000),
  text('fullName', 200),
  text('budget', 60),
  { name: 'emailAddress', kind: 'email' },
  token('quantity'),
  token('inHandsDate'),
  token('phone'),
];

const validRequest = (f: Fixtures) => ({
  what: 'Vinyl event banners',
  quantity: '300',
  notes: 'Grommets every 2 ft.',
  fullName: 'Dana Whitfield',
  emailAddress: `dana.${f.unique()}@example.com`,
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const validRevision = () => ({
  lines: [
    {
      kind: 'custom',
      description: 'Vinyl banner 3 × 6 ft',
      quantity: 300,
      unit_price_cents: 1850,
      setup_fee_cents: 4500,
    },
  ],
  discount_cents: 0,
  fulfillment: 'shipping',
  shipping_speed: 'standard',
  valid_until: inDays(14),
  message: 'Proof within a day.',
});

/** A new request, priced (one revision) and, when `sent`, sent to its customer. */
async function pricedRequest(f: Fixtures, sent: boolean) {
  const { id } = await submitQuoteRequest(
    f.db,
    {
      what: 'Vinyl banners',
      quantity: 300,
      fullName: 'Dana Whitfield',
      emailAddress: `dana.${f.unique()}@example.com`,
    },
    { shopEmail: 'shop@example.com' },
  );
  await saveQuoteRevision(f.db, id, validRevision() as Parameters<typeof saveQuoteRevision>[2]);
  if (sent) await sendQuote(f.db, id);
  return { id, token: signLink('quote', id) };
}

async function readRequest(f: Fixtures, _answer: unknown, sent: Record<string, unknown>) {
  const row = await f.db
    .selectFrom('quote_requests')
    .select(['what', 'notes', 'full_name', 'email', 'budget'])
    .where('email', '=', sent['emailAddress'] as string)
    .executeTakeFirstOrThrow();
  return {
    what: row.what,
    notes: row.notes ?? '',
    fullName: row.full_name,
    emailAddress: row.email,
    budget: row.budget ?? '',
  };
}

export const QUOTE_ENDPOINTS: Record<string, EndpointSpec> = {
  'quote-requests': {
    bodies: [
      {
        label: 'POST /api/quote-requests',
        method: 'POST',
        path: () => '/api/quote-requests',
        encoding: 'json',
        limit: 64 * 1024,
        takesFiles: true,
        valid: validRequest,
        fields: [...REQUEST_FIELDS, token('product'), token('service')],
        // The customer e-mail's My orders link names their users row, made with the first mail (issue 48).
        stores: ['quote_requests', 'email_outbox', 'users'],
        readBack: readRequest,
      },
      {
        label: 'POST /api/quote-requests (form post)',
        method: 'POST',
        path: () => '/api/quote-requests',
        encoding: 'form',
        limit: 64 * 1024,
        valid: validRequest,
        fields: [text('what', 200), text('notes', 5000)],
        // The customer e-mail's My orders link names their users row, made with the first mail (issue 48).
        stores: ['quote_requests', 'email_outbox', 'users'],
        readBack: readRequest,
      },
    ],
    healthy: async (f) => ({ method: 'POST', path: '/api/quote-requests', body: validRequest(f) }),
  },
  'admin-quote-requests': {
    admin: true,
    reads: [
      {
        label: 'GET /api/quote-requests',
        path: () => '/api/quote-requests',
        query: [token('limit'), token('offset'), token('status'), text('q', 200)],
      },
      {
        label: 'GET /api/quote-requests/:id',
        path: () => `/api/quote-requests/${NO_SUCH_ID}`,
        params: () => ({ id: NO_SUCH_ID }),
        pathParams: [token('id')],
      },
    ],
    healthy: async () => ({ path: '/api/quote-requests' }),
  },
  'admin-quotes': {
    admin: true,
    bodies: [
      {
        label: 'POST /api/quote-requests/:id/revisions',
        method: 'POST',
        setup: async (f) => ({ id: (await pricedRequest(f, false)).id }),
        path: (_f, v) => `/api/quote-requests/${v['id']}/revisions`,
        params: (_f, v) => ({ id: v['id']! }),
        encoding: 'json',
        limit: 64 * 1024,
        valid: validRevision,
        fields: [
          text('message', 2000),
          token('lines'),
          token('discount_cents'),
          token('fulfillment'),
          token('shipping_speed'),
          token('valid_until'),
        ],
        stores: ['quote_revisions'],
        async readBack(f) {
          const row = await f.db
            .selectFrom('quote_revisions')
            .select('message')
            .orderBy('created_at', 'desc')
            .executeTakeFirstOrThrow();
          return { message: row.message ?? '' };
        },
      },
      {
        label: 'POST /api/quote-requests/:id/send',
        method: 'POST',
        setup: async (f) => ({ id: (await pricedRequest(f, false)).id }),
        path: (_f, v) => `/api/quote-requests/${v['id']}/send`,
        params: (_f, v) => ({ id: v['id']! }),
        encoding: 'json',
        limit: 1024,
        valid: () => ({ action: 'send' }),
        fields: [token('action')],
        stores: ['quote_requests', 'email_outbox'],
      },
    ],
    healthy: async (f) => {
      const { id } = await pricedRequest(f, false);
      return { method: 'POST', path: `/api/quote-requests/${id}/send`, params: { id }, body: { action: 'send' } };
    },
  },
};

/** The customer's quote page behind its signed link, an Astro page rendered per request. */
export const QUOTE_PAGE_ENDPOINT: EndpointSpec = {
  bodies: [
    {
      label: 'POST /quotes/:token',
      method: 'POST',
      setup: async (f) => ({ token: (await pricedRequest(f, true)).token }),
      path: (_f, v) => `/quotes/${v['token']}`,
      params: (_f, v) => ({ token: v['token']! }),
      encoding: 'form',
      limit: 8 * 1024,
      valid: () => ({ action: 'decline', reason: 'Over our budget' }),
      fields: [token('action'), text('reason', 1000)],
      stores: ['quote_requests'],
      html: true,
      redirects: true,
      async readBack(f) {
        const row = await f.db
          .selectFrom('quote_requests')
          .select('decline_reason')
          .where('status', '=', 'declined')
          .orderBy('answered_at', 'desc')
          .executeTakeFirstOrThrow();
        return { reason: row.decline_reason ?? '' };
      },
    },
  ],
  reads: [
    {
      label: 'GET /quotes/:token',
      path: () => `/quotes/${NO_SUCH_ID.replaceAll('-', '')}.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA`,
      params: () => ({ token: `${NO_SUCH_ID.replaceAll('-', '')}.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA` }),
      pathParams: [token('token')],
      html: true,
    },
  ],
  healthy: async (f) => {
    const { token: link } = await pricedRequest(f, true);
    return { path: `/quotes/${link}`, params: { token: link } };
  },
};

/** The quote request form's page for its plain post (src/pages/quote/send.astro), rendered per request. */
export const QUOTE_REQUEST_PAGE_ENDPOINT: EndpointSpec = {
  bodies: [
    {
      label: 'POST /quote/send',
      method: 'POST',
      path: () => '/quote/send',
      encoding: 'form',
      limit: 64 * 1024,
      takesFiles: true,
      valid: validRequest,
      fields: REQUEST_FIELDS,
      // The customer e-mail's My orders link names their users row, made with the first mail (issue 48).
      stores: ['quote_requests', 'email_outbox', 'users'],
      readBack: readRequest,
      html: true,
    },
  ],
  healthy: async (f) => ({ method: 'POST', path: '/quote/send', body: validRequest(f) }),
};
