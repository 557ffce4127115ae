/**
 * The API benchmark's scenarios. Reads and checkout run for a fixed time (and at most a fixed
 * count) at 10 connections. The form endpoints are throttled per client (10 or 20 requests per
 * 10 minutes, keyed on the peer address), so there each connection is a visitor of its own who
 * stays within the limit; one more scenario is a single client past its limit, whose 429s are
 * the throttle working, not errors. Checkout is throttled too (10 per 10 minutes, at most 3
 * unpaid holds per client): each connection becomes a new visitor every CHECKOUTS_PER_VISITOR
 * checkouts, and one client past its limit shows the 429s. Paying a payment request (made in
 * ./pay-requests.mts) runs after the checkouts, at the same 10 connections.
 */
import type autocannon from 'autocannon';
import type { Cart } from './api-fixtures.mts';
import type { Scenario } from './load.mts';
import { PAY_REQUEST } from './pay-requests.mts';
import { HOME_PAGE, HOME_UNDER_FLOOD, HOME_VISITORS_PER_SECOND, startPasswordFlood } from './password-flood.mts';

export interface ScenarioInput {
  origin: string;
  seconds: number;
  products: string[];
  collections: string[];
  carts: Cart[];
  /** Three-line tiered carts with print locations (docs/decisions/0015-print-ordering.md). */
  tieredCarts: Cart[];
  /** The same carts' shape priced by the owner's screen-print list (docs/decisions/0027-price-lists.md). */
  printJobCarts: Cart[];
  /** The plain carts with a ship-to address whose state has a rate file (issue 50). */
  taxedCarts: Cart[];
  /** The admin's Bearer token, for the owner's order list: a tool's token, with no session row. */
  adminToken: string;
  /** A person's token from a real e-mail sign-in: every read checks its session row (issue 45). */
  staffToken: string;
  /** The customer's Pay on payment requests (./pay-requests.mts), run after the checkouts. */
  payRequest: Scenario;
  /** Buyer checkouts of the seeded team store (docs/decisions/0030-team-stores.md): a tee with a name and number. */
  storeBodies: unknown[];
  /** A store with a password (./password-flood.mts), for the wrong passwords sent beside the home page. */
  lockedStoreSlug: string;
}

export const CONNECTIONS = 10;
/** The owner's work queue: the first page, filtered by stage, by "needs attention" and by e-mail. */
const ADMIN_LIST_PATHS = [
  '/api/orders',
  '/api/orders?stage=in_production',
  '/api/orders?attention=true',
  '/api/orders?status=paid&offset=200',
  '/api/orders?email=book42@bench.example',
];
/** Within both checkout limits of a client (CHECKOUT_MAX_OPEN_HOLDS 3, CHECKOUT_RATE_LIMIT 10). */
export const CHECKOUTS_PER_VISITOR = 2;
export const ONE_CHECKOUT_CLIENT = 'checkout, one client past its limit';
export const TIERED_CHECKOUT = 'checkout, 24 tees in 3 sizes with 2 prints';
export const PRINT_JOB_CHECKOUT = 'checkout, 24 tees priced by the screen-print list';
/** Issue 50: the plain carts shipped to a Lubbock ZIP, taxed by the shop's rate file. */
export const TAXED_CHECKOUT = 'checkout, shipped to a ZIP taxed by its own rule';
export const ADMIN_LIST = 'admin order list, 10,000 orders';
/** The same reads by a signed-in person, whose session row each request checks (issue 45). */
export const ADMIN_LIST_SESSION = 'admin order list, 10,000 orders, a staff session';
/** The session check costs at most this over the session-less token, p99 in the same run. */
export const SESSION_MAX_RATIO = 1.1;
/**
 * A store link sent to 500 parents at once (docs/decisions/0030-team-stores.md), two ways at 50
 * connections. The parents as they arrive: 500 checkouts within 10 s, each a new visitor, at most 50 connections open
 * (./arrivals.mts), so the latency is the shop's answer time while they keep coming. The parents back to back: every connection
 * sends its next checkout the moment the last is answered, the most the shop answers a second;
 * there each request waits behind the 49 others (Little's law: 50 in flight at ~300 a second is
 * ~170 ms each whatever a checkout costs), so its latency measures the queue, not the shop.
 */
export const STORE_CHECKOUT = 'store checkout, 500 parents within 10 s';
export const STORE_SATURATION = 'store checkout, 50 buyers back to back';
export const STORE_CONNECTIONS = 50;
export const STORE_PARENTS = 500;
export const STORE_ARRIVAL_SECONDS = 10;
export const STORE_SLUG = 'city-champ-golf-2026';
/** Write scenarios warmed up (unrecorded) with the reads, before anything is timed. */
export const WARMED_WRITES = new Set([
  'checkout',
  TAXED_CHECKOUT,
  TIERED_CHECKOUT,
  PRINT_JOB_CHECKOUT,
  PAY_REQUEST,
  STORE_CHECKOUT,
  STORE_SATURATION,
]);

/**
 * One body after another from `items`, across all connections: autocannon starts every
 * connection at the first of its `requests`, so with new visitors every 2 checkouts a list of
 * requests would only ever send the first two carts.
 */
function rotate<T>(items: T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length]!;
}

function post(path: string, origin: string, body: () => unknown): autocannon.Request {
  return {
    method: 'POST',
    path,
    // What a browser sends with the page's fetch: same-origin JSON.
    headers: { 'content-type': 'application/json', origin },
    setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }),
  };
}

export function apiScenarios(input: ScenarioInput): Scenario[] {
  const { origin, seconds } = input;
  let sent = 0;
  const reads = { connections: CONNECTIONS, seconds, maxRequests: 50_000 };
  return [
    {
      name: 'product',
      call: 'GET /api/products/slug/:slug',
      requests: input.products.map((slug) => ({ method: 'GET', path: `/api/products/slug/${slug}` })),
      ...reads,
    },
    {
      name: 'collection',
      call: 'GET /api/collections/:slug',
      requests: input.collections.map((slug) => ({ method: 'GET', path: `/api/collections/${slug}` })),
      ...reads,
    },
    { name: 'products', call: 'GET /api/products', requests: [{ method: 'GET', path: '/api/products' }], ...reads },
    {
      // The owner's work queue: the first page, filtered by stage, by "needs attention" and by e-mail.
      name: ADMIN_LIST,
      call: 'GET /api/orders',
      requests: ADMIN_LIST_PATHS.map((path) => ({
        method: 'GET',
        path,
        headers: { authorization: `Bearer ${input.adminToken}` },
      })),
      ...reads,
    },
    {
      name: ADMIN_LIST_SESSION,
      call: 'GET /api/orders',
      requests: ADMIN_LIST_PATHS.map((path) => ({
        method: 'GET',
        path,
        headers: { authorization: `Bearer ${input.staffToken}` },
      })),
      ...reads,
    },
    {
      name: 'discount',
      call: 'POST /api/discount-codes/validate',
      requests: ['SAVE10', 'welcome10', 'FREESHIP', 'CityChamp15'].map((code) =>
        post('/api/discount-codes/validate', origin, () => ({ code })),
      ),
      connections: CONNECTIONS,
      seconds,
      perClient: 20,
      rounds: 3,
    },
    {
      name: 'contact',
      call: 'POST /api/contact',
      requests: [
        post('/api/contact', origin, () => ({
          fullName: `Bench Visitor ${++sent}`,
          emailAddress: `visitor${sent}@bench.example`,
          subject: 'Order Help',
          message: 'Do you print 40 team shirts by next Friday?\nTwo colours, front and back.',
          website: '',
        })),
      ],
      connections: CONNECTIONS,
      seconds,
      perClient: 10,
      rounds: 5,
    },
    {
      name: 'newsletter',
      call: 'POST /api/newsletter',
      requests: [post('/api/newsletter', origin, () => ({ email: `reader${++sent}@bench.example`, website: '' }))],
      connections: CONNECTIONS,
      seconds,
      perClient: 10,
      rounds: 5,
    },
    {
      name: 'newsletter, one client past its limit',
      call: 'POST /api/newsletter',
      requests: [post('/api/newsletter', origin, () => ({ email: `flood${++sent}@bench.example`, website: '' }))],
      connections: CONNECTIONS,
      seconds: Math.min(seconds, 3),
      maxRequests: 5_000,
      expected: [429],
    },
    {
      name: 'checkout',
      call: 'POST /api/cart/checkout',
      requests: [post('/api/cart/checkout', origin, rotate(input.carts))],
      connections: CONNECTIONS,
      seconds,
      maxRequests: 20_000,
      clientEvery: CHECKOUTS_PER_VISITOR,
      expected: [409],
    },
    {
      name: TAXED_CHECKOUT,
      call: 'POST /api/cart/checkout',
      requests: [post('/api/cart/checkout', origin, rotate(input.taxedCarts))],
      connections: CONNECTIONS,
      seconds,
      maxRequests: 20_000,
      clientEvery: CHECKOUTS_PER_VISITOR,
      expected: [409],
    },
    {
      name: TIERED_CHECKOUT,
      call: 'POST /api/cart/checkout',
      requests: [post('/api/cart/checkout', origin, rotate(input.tieredCarts))],
      connections: CONNECTIONS,
      seconds,
      maxRequests: 20_000,
      clientEvery: CHECKOUTS_PER_VISITOR,
    },
    {
      name: PRINT_JOB_CHECKOUT,
      call: 'POST /api/cart/checkout',
      requests: [post('/api/cart/checkout', origin, rotate(input.printJobCarts))],
      connections: CONNECTIONS,
      seconds,
      maxRequests: 20_000,
      clientEvery: CHECKOUTS_PER_VISITOR,
    },
    {
      name: STORE_CHECKOUT,
      call: 'POST /api/stores/:slug/checkout',
      requests: [post(`/api/stores/${STORE_SLUG}/checkout`, origin, rotate(input.storeBodies))],
      connections: STORE_CONNECTIONS,
      seconds,
      maxRequests: 20_000,
      arrivals: { count: STORE_PARENTS, perSecond: STORE_PARENTS / STORE_ARRIVAL_SECONDS },
    },
    {
      name: STORE_SATURATION,
      call: 'POST /api/stores/:slug/checkout',
      requests: [post(`/api/stores/${STORE_SLUG}/checkout`, origin, rotate(input.storeBodies))],
      connections: STORE_CONNECTIONS,
      seconds,
      maxRequests: 20_000,
      clientEvery: CHECKOUTS_PER_VISITOR,
    },
    input.payRequest,
    {
      name: ONE_CHECKOUT_CLIENT,
      call: 'POST /api/cart/checkout',
      requests: [post('/api/cart/checkout', origin, rotate(input.carts))],
      connections: CONNECTIONS,
      seconds: Math.min(seconds, 3),
      maxRequests: 5_000,
      expected: [429],
    },
    // The home page read by visitors as they arrive, alone and then while wrong passwords arrive
    // from 30 addresses (docs/decisions/0041-password-checks.md): its p99 alone is the baseline.
    {
      name: HOME_PAGE,
      call: 'GET /',
      requests: [{ method: 'GET', path: '/' }],
      connections: 50,
      seconds,
      arrivals: { count: HOME_VISITORS_PER_SECOND * seconds, perSecond: HOME_VISITORS_PER_SECOND },
    },
    {
      name: HOME_UNDER_FLOOD,
      call: 'GET /',
      requests: [{ method: 'GET', path: '/' }],
      connections: 50,
      seconds,
      arrivals: { count: HOME_VISITORS_PER_SECOND * seconds, perSecond: HOME_VISITORS_PER_SECOND },
      alongside: () => startPasswordFlood(origin, input.lockedStoreSlug, input.storeBodies[0]),
    },
  ];
}
