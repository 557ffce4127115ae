import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import quoteRequests from '../../netlify/functions/quote-requests.mts';
import QuoteSendPage from '../../src/pages/quote/send.astro';
import { checkArtwork } from '../../src/server/artwork/check.ts';
import { type LocalArtworkStore, localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore, originalKey } from '../../src/server/artwork/store.ts';
import { deleteUnclaimedArtwork } from '../../src/server/artwork/sweep-artwork.ts';
import { createArtworkUpload, newOwnerToken } from '../../src/server/artwork/uploads.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { acceptQuote } from '../../src/server/quotes/accept.ts';
import { saveQuoteRevision } from '../../src/server/quotes/revisions.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { embeddedProvider } from '../../src/server/orders/payment-provider.ts';
import { pdf, png } from '../support/artwork-files.ts';
import { nestedUseSvg, slowSvg } from '../support/hostile/artwork-bombs.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';

/**
 * Artwork with a quote request (docs/decisions/0017-quotes.md): posted with the form when there is no script (a
 * multipart post to /quote/send, checked in memory before anything is stored), or uploaded by the page's script
 * straight to storage and named by id. Hostile and oversized files store nothing; a request's
 * files outlive the 7-day sweep of unclaimed uploads and go with the order the quote becomes.
 */
const ORIGIN = 'http://localhost:4321';
let dir: string;
let store: LocalArtworkStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-quote-artwork-'));
  store = localArtworkStore(dir);
  installArtworkStore(store);
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(dir, { recursive: true, force: true });
});
const storedFiles = () => readdirSync(dir).filter((name) => !name.startsWith('.'));

const FIELDS = {
  what: 'Event banners, 3 × 6 ft',
  quantity: '300',
  fullName: 'Dana Whitfield',
  emailAddress: 'dana.whitfield@example.com',
  website: '',
};

function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; bytes: Buffer; type: string }[],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return form;
}

describe.each(DATABASE_KINDS)('artwork with a quote request on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  /**
   * Posts JSON to the API (the page's script), or the form as a browser sends it without
   * script (the multipart body made whole first) to its page, /quote/send.
   */
  const post = async (body: FormData | string, json = false) => {
    if (typeof body === 'string') {
      return callFunction(quoteRequests, '/api/quote-requests', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': json ? 'application/json' : 'text/plain' },
        body,
      });
    }
    const encoded = new Response(body);
    return requestPage(QuoteSendPage, '/quote/send', {
      method: 'POST',
      params: {},
      headers: { origin: ORIGIN, 'content-type': encoded.headers.get('content-type') ?? '' },
      body: new Uint8Array(await encoded.arrayBuffer()),
    });
  };
  const artworkOf = (reference: string) =>
    database.db
      .selectFrom('artwork')
      .innerJoin('quote_requests', 'quote_requests.id', 'artwork.quote_request_id')
      .select(['artwork.id', 'artwork.status', 'artwork.original_name', 'artwork.content_type', 'artwork.order_id'])
      .where('quote_requests.reference', '=', reference)
      .execute();
  const referenceIn = (html: string) => {
    const reference = /Your quote request (Q-\d+) is in\./.exec(html)?.[1];
    if (!reference) throw new Error(`no reference in: ${html.slice(0, 400)}`);
    return reference;
  };

  it('takes the file with a plain form post (no JavaScript), checked like every upload', async () => {
    const res = await post(
      multipart(FIELDS, [
        { field: 'artwork', name: 'banner.pdf', bytes: pdf({ width: 432, height: 216 }), type: 'application/pdf' },
      ]),
    );
    expect(res.status).toBe(200);
    const reference = referenceIn(await res.text());
    const [file] = await artworkOf(reference);
    expect(file).toMatchObject({ status: 'ready', original_name: 'banner.pdf', content_type: 'application/pdf' });
    expect(readdirSync(join(dir, file!.id)).sort()).toEqual(['original', 'thumbnail.webp']);
  });

  it('an empty file input is no file; the request goes through', async () => {
    const form = multipart(FIELDS, []);
    form.append('artwork', new Blob([]), '');
    const res = await post(form);
    expect(res.status).toBe(200);
    expect(await artworkOf(referenceIn(await res.text()))).toEqual([]);
  });

  it('refuses a disguised, oversized or misplaced file with a message at the field, storing nothing', async () => {
    const before = await snapshot(database.db);
    const filesBefore = storedFiles();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await post(
      multipart(FIELDS, [{ field: 'artwork', name: 'logo.png', bytes: html, type: 'image/png' }]),
    );
    expect(disguised.status).toBe(415);
    const page = await disguised.text();
    expect(page).toContain('id="quote-artwork-error"');
    // The summary says why in words: the file is a web page, not artwork.
    expect(page).toMatch(/role="alert"[^>]*>This is a web page \(HTML\), not artwork\./);
    expect(page).toContain('Dana Whitfield');

    const huge = Buffer.alloc(50 * 1024 * 1024 + 70 * 1024, 1);
    const tooLarge = await post(
      multipart(FIELDS, [{ field: 'artwork', name: 'huge.png', bytes: huge, type: 'image/png' }]),
    );
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain('The file is larger than 50 MB');

    const elsewhere = await post(
      multipart(FIELDS, [{ field: 'notes', name: 'a.png', bytes: await png(10, 10), type: 'image/png' }]),
    );
    expect(elsewhere.status).toBe(400);

    const two = await post(
      multipart(FIELDS, [
        { field: 'artwork', name: 'a.png', bytes: await png(10, 10), type: 'image/png' },
        { field: 'artwork', name: 'b.png', bytes: await png(10, 10), type: 'image/png' },
      ]),
    );
    expect(two.status).toBe(400);

    // A bad field with a good file: refused, and the file is not kept either.
    const badField = await post(
      multipart({ ...FIELDS, emailAddress: 'nope' }, [
        { field: 'artwork', name: 'a.png', bytes: await png(10, 10), type: 'image/png' },
      ]),
    );
    expect(badField.status).toBe(400);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('refuses an SVG bomb and a file past the check limits on the plain form too, storing nothing (docs/decisions/0025-hardening.md)', {
    timeout: 60_000,
  }, async () => {
    const before = await snapshot(database.db);
    const filesBefore = storedFiles();
    for (const [name, bytes] of [
      ['bomb.svg', nestedUseSvg(4, 10, true)],
      ['slow.svg', slowSvg()],
    ] as const) {
      const res = await post(multipart(FIELDS, [{ field: 'artwork', name, bytes, type: 'image/svg+xml' }]));
      expect(res.status, name).toBe(413);
      const page = await res.text();
      expect(page, name).toContain('id="quote-artwork-error"');
      expect(page, name).toContain('This file is too complex to check; export it as PDF or PNG');
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('takes a checked upload the page script sent to storage, only with its own browser token', async () => {
    const owner = newOwnerToken();
    const { artworkId } = await createArtworkUpload(database.db, {
      fileName: 'jersey-numbers.png',
      size: 100,
      ownerToken: owner,
    });
    await store.write(originalKey(artworkId), await png(1200, 800), 'image/png');
    await checkArtwork(database.db, { id: artworkId, ownerToken: owner, printWidthInches: null });

    const before = await snapshot(database.db);
    const stranger = await post(JSON.stringify({ ...FIELDS, artworkId, artworkOwner: newOwnerToken() }), true);
    expect(stranger.status).toBe(400);
    expect(((await stranger.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      artwork: 'That file is not a checked upload of yours. Choose it again.',
    });
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    const res = await post(JSON.stringify({ ...FIELDS, artworkId, artworkOwner: owner }), true);
    expect(res.status).toBe(200);
    const { reference } = (await res.json()) as { reference: string };
    expect((await artworkOf(reference)).map((a) => a.id)).toEqual([artworkId]);
    // The same upload cannot go with a second request.
    expect((await post(JSON.stringify({ ...FIELDS, artworkId, artworkOwner: owner }), true)).status).toBe(400);

    // Older than the 7 days after which unclaimed uploads are deleted: the request's file stays.
    await database.db
      .updateTable('artwork')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('id', '=', artworkId)
      .execute();
    await deleteUnclaimedArtwork.run(database.db);
    expect((await artworkOf(reference)).map((a) => a.id)).toEqual([artworkId]);

    // The quote accepted: its files go with the order.
    const request = await database.db
      .selectFrom('quote_requests')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    await saveQuoteRevision(database.db, request.id, {
      lines: [{ kind: 'custom', description: 'Jerseys', quantity: 24, unit_price_cents: 3000, setup_fee_cents: 0 }],
      discount_cents: 0,
      fulfillment: 'local',
      valid_until: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    });
    await sendQuote(database.db, request.id);
    await acceptQuote(database.db, embeddedProvider(database.db), request.id, {
      origin: ORIGIN,
      successUrl: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/quote`,
    });
    const order = await database.db
      .selectFrom('orders')
      .select('id')
      .where('quote_request_id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect((await artworkOf(reference))[0]?.order_id).toBe(order.id);
  });
});
