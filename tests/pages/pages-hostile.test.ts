import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import OrderPage from '../../src/pages/orders/[token].astro';
import QuotePage from '../../src/pages/quotes/[token].astro';
import OrganiserPage from '../../src/pages/stores/organiser/[token].astro';
import OrganiserFilePage from '../../src/pages/stores/organiser/[token]/files/[id]/thumbnail.astro';
import TestCheckoutPage from '../../src/pages/test-checkout/[sessionId].astro';
import ContactSendPage from '../../src/pages/contact/send.astro';
import NewsletterPage from '../../src/pages/newsletter/index.astro';
import UnsubscribePage from '../../src/pages/newsletter/unsubscribe.astro';
import OrderFilePage from '../../src/pages/orders/[token]/files/[id]/[what].astro';
import QuoteSendPage from '../../src/pages/quote/send.astro';
import SearchPage from '../../src/pages/search.astro';
import MyOrdersPage from '../../src/pages/my-orders/index.astro';
import { setRebuildHandler, setRebuildReporter } from '../../src/server/admin/rebuild.ts';
import { localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore } from '../../src/server/artwork/store.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { loadFixtures } from '../support/hostile/fixtures.ts';
import { ORDER_FILE_PAGE_ENDPOINT, ORDER_PAGE_ENDPOINT } from '../support/hostile/order-endpoints.ts';
import { QUOTE_PAGE_ENDPOINT, QUOTE_REQUEST_PAGE_ENDPOINT } from '../support/hostile/quote-endpoints.ts';
import {
  CONTACT_PAGE_ENDPOINT,
  NEWSLETTER_PAGE_ENDPOINT,
  TEST_CHECKOUT_PAGE_ENDPOINT,
  UNSUBSCRIBE_PAGE_ENDPOINT,
} from '../support/hostile/public-endpoints.ts';
import { SEARCH_PAGE_ENDPOINT } from '../support/hostile/search-endpoints.ts';
import { MY_ORDERS_PAGE_ENDPOINT } from '../support/hostile/customer-endpoints.ts';
import { ORGANISER_FILE_PAGE_ENDPOINT, ORGANISER_PAGE_ENDPOINT } from '../support/hostile/store-admin-endpoints.ts';
import { attackEndpoint, type Handler } from '../support/hostile/runner.ts';
import type { EndpointSpec, Fixtures } from '../support/hostile/spec.ts';
import { ADMIN_PASSWORD } from '../support/hostile/spec.ts';
import { renderPage } from '../support/on-demand-page.ts';
import { type SearchBuild, writeSearchBuild } from '../support/search-files.ts';

/*
 * The hostile input corpus (tests/integration/hostile-input.test.ts) against the pages rendered
 * per request that take input (the order page and its files, the quote page, the test checkout,
 * the forms' pages for a post made without JavaScript, the unsubscribe page):
 * every answer a clear 4xx page or the text stored as sent, nothing else stored, and the page
 * still serves a normal request afterwards.
 */
const FUNCTIONS_DIR = fileURLToPath(new URL('../../netlify/functions/', import.meta.url));
const SECRET = randomBytes(32);
const adminToken = issueAdminToken(SECRET).token;
const handlers = new Map<string, Handler>();
const PAGES: [string, EndpointSpec, Parameters<typeof renderPage>[0]][] = [
  ['order page', ORDER_PAGE_ENDPOINT, OrderPage],
  ['quote page', QUOTE_PAGE_ENDPOINT, QuotePage],
  ['test checkout', TEST_CHECKOUT_PAGE_ENDPOINT, TestCheckoutPage],
  ['organiser page', ORGANISER_PAGE_ENDPOINT, OrganiserPage],
  ['organiser file', ORGANISER_FILE_PAGE_ENDPOINT, OrganiserFilePage],
  ['order file', ORDER_FILE_PAGE_ENDPOINT, OrderFilePage],
  ['contact form page', CONTACT_PAGE_ENDPOINT, ContactSendPage],
  ['mailing-list page', NEWSLETTER_PAGE_ENDPOINT, NewsletterPage],
  ['unsubscribe page', UNSUBSCRIBE_PAGE_ENDPOINT, UnsubscribePage],
  ['quote request page', QUOTE_REQUEST_PAGE_ENDPOINT, QuoteSendPage],
  ['search page', SEARCH_PAGE_ENDPOINT, SearchPage],
  ['My orders page', MY_ORDERS_PAGE_ENDPOINT, MyOrdersPage],
];
let artworkDir: string;
const logs = ['log', 'info', 'warn', 'error'].map((level) =>
  vi.spyOn(console, level as 'log').mockImplementation(() => undefined),
);

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword(ADMIN_PASSWORD, { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
  setRebuildHandler(() => undefined, { delayMs: 0 });
  setRebuildReporter(async () => undefined);
  artworkDir = mkdtempSync(join(tmpdir(), 'shop-hostile-page-artwork-'));
  installArtworkStore(localArtworkStore(artworkDir));
  // The fixtures make their rows through the admin API, as in the functions' corpus run.
  for (const file of readdirSync(FUNCTIONS_DIR).filter((f) => f.endsWith('.mts'))) {
    handlers.set(file.replace(/\.mts$/, ''), (await import(join(FUNCTIONS_DIR, file))).default as Handler);
  }
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(artworkDir, { recursive: true, force: true });
  installAdminCredentials(undefined);
  for (const spy of logs) spy.mockRestore();
});

describe.each(DATABASE_KINDS)('the hostile input corpus against the on-demand pages on %s', (kind) => {
  let database: TestDatabase;
  let fixtures: Fixtures;
  let searchBuild: SearchBuild;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    searchBuild = await writeSearchBuild(database.db);
    // The fixtures make their rows through the admin API, once per database.
    fixtures = await loadFixtures(database.db, handlers, {
      token: adminToken,
      issueToken: () => issueAdminToken(SECRET).token,
    });
  });
  afterAll(async () => {
    searchBuild.dispose();
    await database.dispose();
  });

  it.each(PAGES)(
    'the %s answers every hostile request with a 4xx page or stores it verbatim, and keeps serving',
    {
      timeout: 120_000,
    },
    async (_name, spec, page) => {
      const handler: Handler = (req, context) => renderPage(page, req, context.params ?? {}, context.ip);
      const problems = await attackEndpoint(spec, handler, { db: database.db, fixtures, adminToken });
      expect(problems).toEqual([]);
    },
  );
});
