import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import OrganiserPage from '../../src/pages/stores/organiser/[token].astro';
import OrganiserFilePage from '../../src/pages/stores/organiser/[token]/files/[id]/thumbnail.astro';
import { localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore } from '../../src/server/artwork/store.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { checkedArtwork } from '../support/hostile/checked-artwork.ts';
import { requestPage } from '../support/on-demand-page.ts';
import {
  type AdminStore,
  answer,
  paidBuyerOrder,
  type StoreProduct,
  storeBody,
  storeCalls,
  storeProduct,
} from '../support/store-setup.ts';

/**
 * Issue 30: the organiser's page behind the link of the approval e-mail: the proof and its
 * approval, then live sales, the fundraising total, and one extension of the close.
 */
const { authorization } = adminProductSaves();
const api = storeCalls(authorization);
const OWNER = 'p'.repeat(40);
let artworkDir: string;
const logs = vi.spyOn(console, 'log').mockImplementation(() => undefined);

beforeAll(() => {
  artworkDir = mkdtempSync(join(tmpdir(), 'shop-organiser-artwork-'));
  installArtworkStore(localArtworkStore(artworkDir));
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(artworkDir, { recursive: true, force: true });
  logs.mockRestore();
});

const open = (token: string) => requestPage(OrganiserPage, `/stores/organiser/${token}`, { params: { token } });
const post = (token: string, body: string) =>
  requestPage(OrganiserPage, `/stores/organiser/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:4321' },
    body,
    params: { token },
  });

/** The organiser page's artwork thumbnail, as the browser asks for it. */
const thumbnailOf = (token: string, id: string) =>
  requestPage(OrganiserFilePage, `/stores/organiser/${token}/files/${id}/thumbnail`, { params: { token, id } });

describe.each(DATABASE_KINDS)('the organiser’s page on %s', (kind) => {
  let database: TestDatabase;
  let tee: StoreProduct;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tee = await storeProduct(database.db, 'city-champ-tourney-tee');
  });
  afterAll(() => database.dispose());

  /** A store sent to its organiser; answers it and the token of the e-mail's link. */
  async function sentStore(overrides: Record<string, unknown> = {}, design: Record<string, unknown> = {}) {
    const artworkId = await checkedArtwork(database.db, OWNER, 'eagles-front.png');
    const body = storeBody(tee, overrides, {
      locations: [{ code: 'front', artwork_id: artworkId, owner_token: OWNER }],
      ...design,
    });
    const store = await answer<AdminStore>(api.create(body), 201);
    await answer<AdminStore>(api.send(store.id), 200);
    const mail = await database.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('template_name', '=', 'store-approval')
      .where('text_body', 'like', `%${store.name}%`)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/stores\/organiser\/(\S+)/.exec(mail.text_body)![1]!;
    return { store, token, artworkId };
  }

  it('shows the proof with its artwork and approves it from a plain form', async () => {
    const { store, token, artworkId } = await sentStore({ name: 'Proof Store' });
    const page = await open(token);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Proof Store</h1>');
    expect(html).toContain(tee.name);
    expect(html).toContain(`${tee.colorNames.join(', ')}`);
    expect(html).toContain('$20.00');
    expect(html).toContain('$5.00');
    expect(html).toContain('up to 12 letters');
    expect(html).toContain('up to 2 digits');
    expect(html).toContain(`/stores/organiser/${token}/files/${artworkId}/thumbnail`);
    expect(html).toMatch(/Approve and open on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d+, \d{4}, \d+:\d{2} [AP]M C[SD]T/);

    const thumb = await thumbnailOf(token, artworkId);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');

    const approved = await post(token, 'action=approve');
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`/stores/organiser/${token}?done=approved`);
    const row = await database.db
      .selectFrom('stores')
      .select(['status', 'approved_at'])
      .where('id', '=', store.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('approved');
    expect(row.approved_at).not.toBeNull();
    const after = await (await open(`${token}`)).text();
    expect(after).toContain('0 of 6 sold');
    expect(after).not.toContain('Approve and open');
    // The link to share with buyers appears once approved (it was not offered before).
    expect(html).not.toContain('Share your store');
    expect(after).toContain('Share your store');
    expect(after).toContain(`href="/stores/${store.slug}"`);
    // The owner's list shows it approved.
    const listed = (await answer<AdminStore[]>(api.list(), 200)).find((s) => s.id === store.id);
    expect(listed?.status).toBe('approved');
    // Approving twice says so, and changes nothing.
    const before = await snapshot(database.db);
    const twice = await post(token, 'action=approve');
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('You approved this store already.');
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('shows live sales by design, colour and size, the minimum and the fundraising total, and no buyer', async () => {
    const { store, token } = await sentStore(
      { name: 'Sales Store' },
      { fundraising_cents: null, fundraising_bp: 1000 },
    );
    await post(token, 'action=approve');
    const design = store.designs[0]!;
    const line = (c: number, s: number, quantity: number) => ({
      designId: design.id,
      productId: tee.productId,
      colorId: tee.colorIds[c]!,
      sizeId: tee.sizeIds[s]!,
      quantity,
    });
    await paidBuyerOrder(database.db, store.id, 'first.parent@example.org', [
      line(0, 0, 2),
      { ...line(0, 1, 1), name: 'ALVAREZ' },
    ]);
    await paidBuyerOrder(database.db, store.id, 'second.parent@example.org', [line(1, 0, 1)]);
    const pending = await paidBuyerOrder(database.db, store.id, 'pending.parent@example.org', [line(1, 1, 5)]);
    await database.db
      .updateTable('orders')
      .set({ status: 'pending', paid_at: null, stage: null })
      .where('id', '=', pending)
      .execute();

    const html = await (await open(token)).text();
    expect(html).toContain('4 of 6 sold');
    // 10 % of $20.00 on four pieces.
    expect(html).toContain('$8.00');
    expect(html).toMatch(
      new RegExp(`<td>${tee.colorNames[0]}</td>\\s*<td>${tee.sizeNames[0]}</td>\\s*<td class="num">2</td>`),
    );
    expect(html).not.toContain('parent@example.org');
    expect(html).not.toContain('ALVAREZ');
  });

  it('extends the close once, by up to 3 days, and says why it will not otherwise', async () => {
    const { store, token } = await sentStore({ name: 'Extend Store' });
    const early = await post(token, 'action=extend&days=2');
    expect(early.status).toBe(409);
    expect(await early.text()).toContain('Approve the store first');
    await post(token, 'action=approve');
    const closesBefore = new Date(store.closes_at).getTime();

    const before = await snapshot(database.db);
    const tooMany = await post(token, 'action=extend&days=4');
    expect(tooMany.status).toBe(400);
    const refusal = await tooMany.text();
    expect(refusal).toContain('The close can be pushed back by 1 to 3 days, once.');
    expect(refusal).toContain('aria-invalid="true"');
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    const extended = await post(token, 'action=extend&days=2');
    expect(extended.status).toBe(303);
    const row = await database.db
      .selectFrom('stores')
      .select(['closes_at', 'extended_at'])
      .where('id', '=', store.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.closes_at).getTime() - closesBefore).toBe(2 * 86_400_000);
    expect(row.extended_at).not.toBeNull();
    const shown = await (await open(`${token}`)).text();
    expect(shown).toContain('(extended)');
    expect(shown).not.toContain('Extend the close');

    const again = await snapshot(database.db);
    const second = await post(token, 'action=extend&days=1');
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('a store is extended only once');
    expect(changedTables(again, await snapshot(database.db))).toEqual([]);
  });

  it('refuses an extension once the close has passed', async () => {
    const { store, token } = await sentStore({ name: 'Passed Store' });
    await post(token, 'action=approve');
    await database.db
      .updateTable('stores')
      .set({ opens_at: new Date(Date.now() - 5 * 86_400_000), closes_at: new Date(Date.now() - 60_000) })
      .where('id', '=', store.id)
      .execute();
    const late = await post(token, 'action=extend&days=1');
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('The store has closed: its close can no longer be extended.');
  });

  it('is the same 404 page for a wrong, expired or other link, and serves no other store’s file', async () => {
    const { store, token, artworkId } = await sentStore({ name: 'Hidden Store' });
    const expired = signLink('organiser', store.id, { now: new Date(Date.now() - 100 * 86_400_000), lifetimeDays: 1 });
    const other = signLink('quote', store.id);
    const forged = `${token.slice(0, -2)}xx`;
    const notFound = await open('nonsense');
    expect(notFound.status).toBe(404);
    const html = await notFound.text();
    expect(html).toContain('This link does not open a store.');
    for (const bad of [expired, other, forged]) {
      const answer404 = await open(bad);
      expect(answer404.status).toBe(404);
      expect(await answer404.text()).toBe(html);
    }
    const before = await snapshot(database.db);
    const posted = await post(expired, 'action=approve');
    expect(posted.status).toBe(404);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    const { token: otherToken } = await sentStore({ name: 'Other Store' });
    const call = (t: string) => thumbnailOf(t, artworkId);
    expect((await call(otherToken)).status).toBe(404);
    expect((await call(expired)).status).toBe(404);
  });
});
