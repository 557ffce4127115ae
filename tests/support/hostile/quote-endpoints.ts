import { type EndpointSpec, type Fixtures, text, token } from './spec.ts';

/** Quotes for custom jobs (issue #17): the customer's request form and the owner's list. */

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

const validRequest = (f: Fixtures) => ({
  what: 'Vinyl event banners',
  quantity: '300',
  notes: 'Grommets every 2 ft.',
  fullName: 'Dana Whitfield',
  emailAddress: `dana.${f.unique()}@example.com`,
});

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
        valid: validRequest,
        fields: [
          text('what', 200),
          text('notes', 5000),
          text('fullName', 200),
          text('budget', 60),
          { name: 'emailAddress', kind: 'email' },
          token('quantity'),
          token('inHandsDate'),
          token('phone'),
          token('product'),
          token('service'),
        ],
        stores: ['quote_requests', 'email_outbox'],
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
        stores: ['quote_requests', 'email_outbox'],
        readBack: readRequest,
        html: true,
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
        query: [token('limit'), token('offset'), token('status')],
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
};
