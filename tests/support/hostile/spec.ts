import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/types.ts';

/**
 * Where the hostile corpus goes, endpoint by endpoint: one entry per file in netlify/functions
 * (the test fails for a file without one), each listing the requests that carry input, the
 * fields in them and what a correct answer to a hostile value is.
 *
 * Field kinds, i.e. the decision per case:
 * - text: free text (names, messages, descriptions). SQL meta-characters, markup and
 *   well-formed Unicode are valid text: accepted and stored exactly as sent (trimmed where the
 *   field trims), never executed, escaped wherever rendered. NUL and lone surrogates cannot be
 *   stored as sent and are refused with 400; so is text over the field's `max`.
 * - html: rich text from the admin editor: accepted and stored sanitised (no script, no event
 *   handlers, no javascript: links).
 * - email: accepted when it passes the shop's address rule (o'brien@… does), refused otherwise.
 * - token: ids, slugs, codes, enums, dates, colours, image data: a hostile value is never one,
 *   so it is refused (4xx) and nothing changes.
 * - secret: the admin password: any value is checked, none is stored (401, or 400 when unstorable).
 * - ignored: a parameter the endpoint does not read: any non-5xx answer, nothing changes.
 * - json: a free-form JSON value (a service's metadata): stored as sent, whatever its strings
 *   say; refused when it holds unstorable text, a __proto__ key or absurd nesting.
 */
export type FieldKind = 'text' | 'html' | 'email' | 'token' | 'secret' | 'ignored' | 'json';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** Longest accepted value (text, html), in UTF-16 code units as the schemas count. */
  max?: number;
}

/** Ids and helpers the specs fill their requests with (loaded from the seeded database). */
export interface Fixtures {
  db: Kysely<Database>;
  /** An active product with stock, and one of its colour x size variants (checkout). */
  productId: string;
  productSlug: string;
  variantColorId: string;
  variantSizeId: string;
  /** A line of the seeded open team store (docs/decisions/0030-team-stores.md): its tee design in White, size L. */
  storeLine: { designId: string; colorId: string; sizeId: string };
  /** An active collection (public reads, new products). */
  collectionSlug: string;
  /** Rows of the test's own that admin updates and deletes aim at (the seeded ones stay intact). */
  colorId: string;
  sizeId: string;
  templateId: string;
  discountCodeId: string;
  collectionId: string;
  targetProductId: string;
  serviceId: string;
  priceListId: string;
  businessAccountId: string;
  /** Seeded rows the admin reads aim at. */
  orderId: string;
  userId: string;
  subscriberToken: string;
  /** The session id of a new pending order of the built-in test checkout. */
  testSession(): Promise<string>;
  /** A valid admin token that may be revoked (logout). */
  throwawayToken(): string;
  /** A number not used before in this run (unique names, slugs, codes, addresses). */
  unique(): number;
}

export interface BodyRoute {
  /** e.g. "POST /api/colors". */
  label: string;
  method: 'POST' | 'PUT';
  /** Per request: ids a route needs fresh each time (a pending test checkout). */
  setup?(f: Fixtures): Promise<Record<string, string>>;
  path(f: Fixtures, vars: Record<string, string>): string;
  params?(f: Fixtures, vars: Record<string, string>): Record<string, string>;
  /** How the body is sent; forms are also tried as JSON when `alsoJson`. */
  encoding: 'json' | 'form';
  /** The most the endpoint reads, in bytes. */
  limit: number;
  /** A body the endpoint accepts (built fresh per request: unique names). */
  valid(f: Fixtures): Record<string, unknown>;
  /** Top-level fields that take text from the user. */
  fields: FieldSpec[];
  /** Tables a valid request may change (anything else must stay as it was). */
  stores: string[];
  /**
   * The stored values of fields after an accepted request, read back from the database (or
   * from the answer, when the endpoint answers the stored row).
   */
  readBack?(f: Fixtures, answer: unknown, sent: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Answers HTML pages rather than JSON errors (form posts, test checkout). */
  html?: boolean;
  /** Takes files in a multipart form post (answered as a page, like the form's other posts). */
  takesFiles?: true;
  /** Also valid: 3xx (the test checkout's redirects). */
  redirects?: boolean;
  /** Reads no body at all (logout): a hostile one may get any answer but a 5xx. */
  readsNoBody?: true;
}

export interface ReadRoute {
  label: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path(f: Fixtures): string;
  params?(f: Fixtures): Record<string, string>;
  /** Query parameters and what they take. */
  query?: FieldSpec[];
  /** Path parameters attacked one at a time (the others keep their valid value). */
  pathParams?: FieldSpec[];
  html?: boolean;
  /** A 303 to the canonical address of the same read is a success (the search page). */
  redirects?: true;
}

export interface EndpointSpec {
  /** Not an HTTP endpoint (a scheduled function): nothing to send. */
  scheduled?: true;
  /** Sends the admin Bearer token. */
  admin?: boolean;
  /** Needs Stripe configured (the webhook); tested in its own section. */
  stripe?: true;
  /** Needs NETLIFY_DEPLOY_WEBHOOK_SECRET (Netlify's deploy notifications); tested in its own section. */
  netlifyDeploys?: true;
  bodies?: BodyRoute[];
  reads?: ReadRoute[];
  /** A normal request that must still succeed after the attacks. */
  healthy?(f: Fixtures): Promise<{ method?: string; path: string; params?: Record<string, string>; body?: unknown }>;
}

export const JSON_LIMIT = 64 * 1024;
export const SAVE_LIMIT = 6 * 1024 * 1024;

export const text = (name: string, max: number): FieldSpec => ({ name, kind: 'text', max });
export const html = (name: string, max: number): FieldSpec => ({ name, kind: 'html', max });
export const token = (name: string): FieldSpec => ({ name, kind: 'token' });
export const ignored = (name: string): FieldSpec => ({ name, kind: 'ignored' });

/** The admin row the endpoint answered is the stored one (read back after the write). */
export const answeredRow = async (_f: Fixtures, answer: unknown) => answer as Record<string, unknown>;

export const get = (path: string) => async () => ({ path });
export const idParam = (name: keyof Fixtures) => (f: Fixtures) => ({ id: f[name] as string });

/** GET list/one of an admin entity: junk queries are ignored, ids that cannot exist are 404. */
export function adminReads(base: string, idOf: keyof Fixtures): ReadRoute[] {
  return [
    { label: `GET ${base}`, path: () => base, query: [ignored('q'), ignored('__proto__')] },
    {
      label: `GET ${base}/:id`,
      path: (f) => `${base}/${f[idOf] as string}`,
      params: idParam(idOf),
      pathParams: [token('id')],
    },
  ];
}

/** DELETE with an id that cannot exist: 404 and nothing deleted. */
export function adminDelete(base: string, idOf: keyof Fixtures): ReadRoute {
  return {
    label: `DELETE ${base}/:id`,
    method: 'DELETE',
    path: (f) => `${base}/${f[idOf] as string}`,
    params: idParam(idOf),
    pathParams: [token('id')],
  };
}

/** POST (create) and PUT (update of one field at a time) of an admin entity. */
export function adminSaves(
  base: string,
  idOf: keyof Fixtures,
  table: string,
  options: { limit?: number; valid(f: Fixtures): Record<string, unknown>; fields: FieldSpec[]; stores?: string[] },
): BodyRoute[] {
  const limit = options.limit ?? JSON_LIMIT;
  // A save of an entity the public pages show also records "publishing" (publish_status).
  const stores = [table, 'publish_status', ...(options.stores ?? [])];
  return [
    {
      label: `POST ${base}`,
      method: 'POST',
      path: () => base,
      encoding: 'json',
      limit,
      valid: options.valid,
      fields: options.fields,
      stores,
      readBack: answeredRow,
    },
    {
      label: `PUT ${base}/:id`,
      method: 'PUT',
      path: (f) => `${base}/${f[idOf] as string}`,
      params: idParam(idOf),
      encoding: 'json',
      limit,
      // An update may send any one field: each attack goes alone (other values stay).
      valid: () => ({}),
      fields: options.fields,
      stores,
      readBack: answeredRow,
    },
  ];
}

/** The admin password the tests install (admin-login's normal request signs in with it). */
export const ADMIN_PASSWORD = 'correct horse battery staple';
