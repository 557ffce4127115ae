import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore } from '../../src/server/artwork/store.ts';
import { deleteUnclaimedArtwork } from '../../src/server/artwork/sweep-artwork.ts';
import { verifyPassword } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { verifyLink } from '../../src/server/links/signed-links.ts';
import { approveStore } from '../../src/server/stores/organiser-actions.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { checkedArtwork } from '../support/hostile/checked-artwork.ts';
import { seedListPricedShop } from '../support/list-priced-shop.ts';
import {
  type AdminStore,
  answer,
  type ErrorBody,
  inDays,
  paidBuyerOrder,
  type StoreProduct,
  storeBody,
  storeCalls,
  storeProduct,
} from '../support/store-setup.ts';

/** Issue 30: the owner sets up a store (designs checked against the catalogue) and sends it to the organiser. */
const { authorization } = adminProductSaves();
const api = storeCalls(authorization);
const OWNER = 'o'.repeat(40);
let artworkDir: string;

beforeAll(() => {
  artworkDir = mkdtempSync(join(tmpdir(), 'shop-store-artwork-'));
  installArtworkStore(localArtworkStore(artworkDir));
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(artworkDir, { recursive: true, force: true });
});

describe.each(DATABASE_KINDS)('the owner’s stores on %s', (kind) => {
  let database: TestDatabase;
  let tee: StoreProduct;
  let listTee: StoreProduct;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tee = await storeProduct(database.db, 'city-champ-tourney-tee');
    await seedListPricedShop(database.db);
    listTee = await storeProduct(database.db, 'west-texas-energy-tee');
  });
  afterAll(() => database.dispose());

  it('creates a store with its design, read back with the product’s names and no password', async () => {
    const artworkId = await checkedArtwork(database.db, OWNER, 'eagles-front.png');
    const body = storeBody(
      tee,
      { password: 'go eagles' },
      { locations: [{ code: 'front', artwork_id: artworkId, owner_token: OWNER }] },
    );
    const store = await answer<AdminStore>(api.create(body), 201);
    expect(store).toMatchObject({
      slug: 'eagles-golf-2026',
      status: 'draft',
      has_password: true,
      minimum_per_design: 6,
      organiser_email: 'coach.ramirez@example.org',
    });
    expect(store).not.toHaveProperty('password_hash');
    expect(store.designs).toHaveLength(1);
    expect(store.designs[0]).toMatchObject({
      product_name: tee.name,
      price_cents: 2000,
      fundraising_cents: 500,
      color_ids: tee.colorIds,
      size_ids: tee.sizeIds,
      personalise_name: { price_cents: 500, max_length: 12 },
      personalise_number: { price_cents: 300, max_digits: 2 },
      locations: [{ code: 'front', name: 'Front', artwork_id: artworkId, artwork_name: 'eagles-front.png' }],
    });
    const row = await database.db
      .selectFrom('stores')
      .select('password_hash')
      .where('id', '=', store.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword('go eagles', row.password_hash!)).toBe(true);
    // Typed on the shop's clock, kept as the instant.
    expect(new Date(store.opens_at).getTime()).toBeGreaterThan(Date.now());

    // A second public store of that name gets the next free address; a private one a random tail.
    const again = await answer<AdminStore>(api.create(storeBody(tee)), 201);
    expect(again.slug).toBe('eagles-golf-2026-2');
    const hidden = await answer<AdminStore>(api.create(storeBody(tee, { visibility: 'private' })), 201);
    expect(hidden.slug).toMatch(/^eagles-golf-2026-[0-9a-f]{12}$/);
  });

  it('refuses bad input at the field, in words, and stores nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>, string, RegExp][] = [
      [{ opens_at: inDays(5), closes_at: inDays(2) }, {}, 'closes_at', /closes after it opens/],
      [{ opens_at: inDays(1), closes_at: inDays(40) }, {}, 'closes_at', /30 days at most .*39 days/],
      [{ opens_at: '2026-02-30T08:00' }, {}, 'opens_at', /does not exist/],
      [{ organiser_email: 'coach at school' }, {}, 'organiser_email', /e-mail address/],
      [{ minimum_per_design: 0 }, {}, 'minimum_per_design', /1 to 10,000/],
      [{ designs: [] }, {}, 'designs', /Add a design/],
      [{}, { product_id: '00000000-0000-4000-8000-000000000000' }, 'designs.0.product_id', /not in the catalogue/],
      [{}, { color_ids: [listTee.colorIds[0]] }, 'designs.0.color_ids', /colours only/],
      [{}, { size_ids: [] }, 'designs.0.size_ids', /at least one size/],
      [{}, { locations: [{ code: 'pocket' }] }, 'designs.0.locations.0.code', /prints on: Front, Back/],
      [{}, { fundraising_cents: 300, fundraising_bp: 1000 }, 'designs.0.fundraising_bp', /not both/],
      [{}, { fundraising_cents: 2500 }, 'designs.0.fundraising_cents', /at most the price/],
      [{}, { price_cents: 0 }, 'designs.0.price_cents', /more than \$0.00/],
      [
        {},
        { personalise_name: { price_cents: 500, max_length: 21 } },
        'designs.0.personalise_name.max_length',
        /1 to 20/,
      ],
      [
        {},
        { personalise_number: { price_cents: 300, max_digits: 4 } },
        'designs.0.personalise_number.max_digits',
        /1 to 3/,
      ],
      [
        {},
        { locations: [{ code: 'front', artwork_id: '00000000-0000-4000-8000-000000000001', owner_token: OWNER }] },
        'designs.0.locations.0.artwork_id',
        /cannot be used/,
      ],
    ];
    for (const [store, design, field, words] of cases) {
      const before = await snapshot(database.db);
      const refused = await answer<ErrorBody>(api.create(storeBody(tee, store, design)), 400);
      expect(refused.error.fields?.[field], `${field}: ${JSON.stringify(refused)}`).toMatch(words);
      expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    }
  });

  it('asks a list-priced location for what its list prices by', async () => {
    const before = await snapshot(database.db);
    const refused = await answer<ErrorBody>(
      api.create(storeBody(listTee, {}, { locations: [{ code: 'front' }, { code: 'left-chest' }] })),
      400,
    );
    expect(refused.error.fields?.['designs.0.locations.0.colors']).toMatch(/prices by ink colours/);
    expect(refused.error.fields?.['designs.0.locations.1.stitches']).toMatch(/prices by stitches: type the count/);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    const store = await answer<AdminStore>(
      api.create(
        storeBody(
          listTee,
          {},
          {
            locations: [
              { code: 'front', colors: 2 },
              { code: 'left-chest', stitches: 5000 },
            ],
          },
        ),
      ),
      201,
    );
    expect(store.designs[0]!.locations.map((l) => [l.code, l.colors, l.stitches])).toEqual([
      ['front', 2, null],
      ['left-chest', null, 5000],
    ]);
  });

  it('keeps a store’s artwork from the sweep of unclaimed uploads', async () => {
    const artworkId = await checkedArtwork(database.db, OWNER, 'kept.png');
    const loose = await checkedArtwork(database.db, OWNER, 'loose.png');
    await answer<AdminStore>(
      api.create(storeBody(tee, {}, { locations: [{ code: 'front', artwork_id: artworkId, owner_token: OWNER }] })),
      201,
    );
    await sql`update artwork set created_at = now() - interval '30 days' where id in (${artworkId}, ${loose})`.execute(
      database.db,
    );
    await deleteUnclaimedArtwork.run(database.db);
    const left = await database.db.selectFrom('artwork').select('id').where('id', 'in', [artworkId, loose]).execute();
    expect(left.map((r) => r.id)).toEqual([artworkId]);
  });

  it('sends a store once its artwork is there, then only its close date changes after approval', async () => {
    const draft = await answer<AdminStore>(api.create(storeBody(tee)), 201);
    const before = await snapshot(database.db);
    const waiting = await answer<ErrorBody>(api.send(draft.id), 409);
    expect(waiting.error.message).toMatch(/Attach the artwork first: the front of Eagles Golf Tee has none yet/);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    const artworkId = await checkedArtwork(database.db, OWNER, 'front.png');
    const design = storeBody(tee).designs[0]!;
    const edited = await answer<AdminStore>(
      api.update(draft.id, {
        name: 'Eagles Golf Spring',
        designs: [{ ...design, locations: [{ code: 'front', artwork_id: artworkId, owner_token: OWNER }] }],
      }),
      200,
    );
    expect(edited.slug).toBe('eagles-golf-spring');
    const sent = await answer<AdminStore>(api.send(draft.id), 200);
    expect(sent.status).toBe('proof_sent');
    const mail = await database.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('template_name', '=', 'store-approval')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('coach.ramirez@example.org');
    expect(mail.subject).toBe('Please approve your store: Eagles Golf Spring');
    const token = /\/stores\/organiser\/([^\s]+)/.exec(mail.text_body)?.[1] ?? '';
    expect(verifyLink('organiser', token)).toBe(draft.id);

    await approveStore(database.db, draft.id);
    const frozen = await snapshot(database.db);
    const refused = await answer<ErrorBody>(api.update(draft.id, { name: 'Renamed', minimum_per_design: 2 }), 409);
    expect(refused.error.message).toMatch(/only its close date can change now, not the name, the minimum/);
    expect(refused.error.fields?.['name']).toBeDefined();
    expect(changedTables(frozen, await snapshot(database.db))).toEqual([]);
    const resent = await answer<ErrorBody>(api.send(draft.id), 409);
    expect(resent.error.message).toMatch(/approved this store already/);

    const later = await answer<AdminStore>(api.update(draft.id, { closes_at: inDays(12) }), 200);
    expect(new Date(later.closes_at).getTime()).toBeGreaterThan(new Date(sent.closes_at).getTime());
    expect(later.status).toBe('approved');
  });

  it('lists each store with its pieces sold per design', async () => {
    const store = await answer<AdminStore>(api.create(storeBody(tee, { name: 'Sales Count' })), 201);
    const design = store.designs[0]!;
    await paidBuyerOrder(database.db, store.id, 'parent@example.org', [
      {
        designId: design.id,
        productId: tee.productId,
        colorId: tee.colorIds[0]!,
        sizeId: tee.sizeIds[0]!,
        quantity: 3,
      },
    ]);
    const list = await answer<AdminStore[]>(api.list(), 200);
    const row = list.find((s) => s.id === store.id)!;
    expect(row.progress).toEqual([{ design_id: design.id, name: 'Eagles Golf Tee', sold: 3 }]);
  });
});
