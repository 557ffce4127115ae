import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RebuildReason, setRebuildHandler } from '../../src/server/admin/rebuild.ts';
import { localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore } from '../../src/server/artwork/store.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { approveStore } from '../../src/server/stores/organiser-actions.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { checkedArtwork } from '../support/hostile/checked-artwork.ts';
import {
  type AdminStore,
  answer,
  inDays,
  type StoreProduct,
  storeBody,
  storeCalls,
  storeProduct,
} from '../support/store-setup.ts';

/**
 * Only a store with a page rebuilds the public pages when the owner saves it: a draft, or a store
 * sent for approval, has no page (each needless build is minutes on Netlify); an approved store's
 * new close date is on its page.
 */
const { authorization } = adminProductSaves();
const api = storeCalls(authorization);
const OWNER = 'r'.repeat(40);
let artworkDir: string;

beforeAll(() => {
  artworkDir = mkdtempSync(join(tmpdir(), 'shop-store-rebuilds-'));
  installArtworkStore(localArtworkStore(artworkDir));
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(artworkDir, { recursive: true, force: true });
});

describe.each(DATABASE_KINDS)('store saves and rebuilds on %s', (kind) => {
  let database: TestDatabase;
  let tee: StoreProduct;
  const rebuilds: RebuildReason[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tee = await storeProduct(database.db, 'city-champ-tourney-tee');
    // After adminProductSaves' own handler (registered first): this one records.
    setRebuildHandler((reasons) => void rebuilds.push(...reasons), { delayMs: 0 });
  });
  afterAll(() => database.dispose());

  /** The rebuilds asked for by `save`, once every asked one has run. */
  async function rebuildsOf(save: () => Promise<unknown>) {
    rebuilds.length = 0;
    await save();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return rebuilds.map((r) => `${r.action} ${r.entity}`);
  }

  it('asks no rebuild for a draft created, edited and sent, and one for an approved store’s close date', async () => {
    const artworkId = await checkedArtwork(database.db, OWNER, 'eagles-front.png');
    const front = { locations: [{ code: 'front', artwork_id: artworkId, owner_token: OWNER }] };
    let store: AdminStore | undefined;
    expect(
      await rebuildsOf(async () => {
        store = await answer<AdminStore>(api.create(storeBody(tee, { name: 'Quiet Draft' }, front)), 201);
      }),
    ).toEqual([]);
    const id = store!.id;
    expect(await rebuildsOf(() => answer(api.update(id, { minimum_per_design: 4 }), 200))).toEqual([]);
    expect(await rebuildsOf(() => answer(api.send(id), 200))).toEqual([]);
    // Sent, then edited: back to a draft, still no page.
    expect(await rebuildsOf(() => answer(api.update(id, { closes_at: inDays(9) }), 200))).toEqual([]);

    expect(await rebuildsOf(() => answer(api.send(id), 200))).toEqual([]);
    await approveStore(database.db, id);
    expect(await rebuildsOf(() => answer(api.update(id, { closes_at: inDays(12) }), 200))).toEqual(['update store']);
  });
});
