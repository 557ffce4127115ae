import { type EndpointSpec, ignored, text, token } from './spec.ts';

/**
 * Search (docs/decisions/0018-search.md): reads only, from the build's index. The words are free text (escaped in
 * the page, never stored); a filter value that names nothing (a hostile colour) finds nothing,
 * which is an answer, not an error, so those are "any non-5xx"; numbers, sort and page are
 * refused unless well-formed.
 */
const filters = [ignored('type'), ignored('collection'), ignored('color'), ignored('size')];
const numbers = [token('min'), token('max'), token('sort'), token('page')];

/** The search page (src/pages/search.astro), rendered per request. */
export const SEARCH_PAGE_ENDPOINT: EndpointSpec = {
  reads: [
    {
      label: 'GET /search',
      path: () => '/search',
      query: [text('q', 100), ...filters, ...numbers, ignored('stock')],
      html: true,
      redirects: true,
    },
  ],
  healthy: async () => ({ path: '/search?q=hoodie' }),
};

export const SEARCH_ENDPOINTS: Record<string, EndpointSpec> = {
  'search-api': {
    reads: [
      {
        label: 'GET /api/search',
        path: () => '/api/search',
        query: [text('q', 100), ...filters, ...numbers, token('limit'), ignored('stock')],
      },
    ],
    healthy: async () => ({ path: '/api/search?q=hoodie' }),
  },
};
