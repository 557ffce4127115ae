import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimArtworkForOrder, releaseArtworkOfOrder } from '../../src/server/artwork/claim.ts';
import { checkArtwork } from '../../src/server/artwork/check.ts';
import { type LocalArtworkStore, localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore, originalKey } from '../../src/server/artwork/store.ts';
import { deleteUnclaimedArtwork } from '../../src/server/artwork/sweep-artwork.ts';
import { createArtworkUpload, newOwnerToken } from '../../src/server/artwork/uploads.ts';
import type { Database } from '../../src/server/db/types.ts';
import { runSweep, SWEEP_JOBS } from '../../src/server/sweep/run-sweep.ts';
import { png } from '../support/artwork-files.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

let dir: string;
let store: LocalArtworkStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-artwork-life-'));
  store = localArtworkStore(dir);
  installArtworkStore(store);
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(dir, { recursive: true, force: true });
});

/** An upload of `owner`, checked (ready) unless `ready` is false; answers its id. */
async function upload(db: Kysely<Database>, owner: string, ready = true): Promise<string> {
  const { artworkId } = await createArtworkUpload(db, { fileName: 'art.png', size: 100, ownerToken: owner });
  if (ready) {
    await store.write(originalKey(artworkId), await png(20, 20), 'image/png');
    await checkArtwork(db, { id: artworkId, ownerToken: owner, printWidthInches: null });
  }
  return artworkId;
}

const filesOf = (id: string) => {
  try {
    return readdirSync(join(dir, id)).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
};

describe('the sweep', () => {
  it('has the unclaimed-artwork job in its list', () => {
    expect(SWEEP_JOBS).toContain(deleteUnclaimedArtwork);
  });
});

describe.each(DATABASE_KINDS)('artwork claims and the sweep on %s', (kind) => {
  let database: TestDatabase;
  let orders: string[];
  const orderOf = async (id: string) =>
    (await database.db
      .selectFrom('artwork')
      .select(['order_id', 'attached_at'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    orders = (await database.db.selectFrom('orders').select('id').orderBy('created_at').limit(2).execute()).map(
      (o) => o.id,
    );
    expect(orders).toHaveLength(2);
  });
  afterAll(() => database.dispose());

  it('attaches the buyer’s own checked upload to the order', async () => {
    const owner = newOwnerToken();
    const id = await upload(database.db, owner);
    const problems = await claimArtworkForOrder(database.db, {
      ownerToken: owner,
      artworkIds: [id],
      orderId: orders[0]!,
    });
    expect(problems).toEqual([]);
    expect((await orderOf(id))?.order_id).toBe(orders[0]);
  });

  it('reads someone else’s upload, or any upload without a token, as not found and attaches nothing', async () => {
    const id = await upload(database.db, newOwnerToken());
    const mine = await upload(database.db, newOwnerToken());
    const other = newOwnerToken();
    expect(
      await claimArtworkForOrder(database.db, { ownerToken: other, artworkIds: [id], orderId: orders[0]! }),
    ).toEqual([{ artworkId: id, reason: 'not_found' }]);
    expect(
      await claimArtworkForOrder(database.db, { ownerToken: null, artworkIds: [mine], orderId: orders[0]! }),
    ).toEqual([{ artworkId: mine, reason: 'not_found' }]);
    expect((await orderOf(id))?.order_id).toBeNull();
    expect((await orderOf(mine))?.order_id).toBeNull();
  });

  it('refuses an upload that was not checked, and then attaches none of the ids', async () => {
    const owner = newOwnerToken();
    const ready = await upload(database.db, owner);
    const waiting = await upload(database.db, owner, false);
    const problems = await claimArtworkForOrder(database.db, {
      ownerToken: owner,
      artworkIds: [ready, waiting],
      orderId: orders[0]!,
    });
    expect(problems).toEqual([{ artworkId: waiting, reason: 'not_ready' }]);
    expect((await orderOf(ready))?.order_id).toBeNull();
  });

  it('refuses an upload another order holds, and gives it back when that order is released', async () => {
    const owner = newOwnerToken();
    const id = await upload(database.db, owner);
    expect(
      await claimArtworkForOrder(database.db, { ownerToken: owner, artworkIds: [id], orderId: orders[0]! }),
    ).toEqual([]);
    expect(
      await claimArtworkForOrder(database.db, { ownerToken: owner, artworkIds: [id], orderId: orders[1]! }),
    ).toEqual([{ artworkId: id, reason: 'taken' }]);
    await releaseArtworkOfOrder(database.db, orders[0]!);
    expect(await orderOf(id)).toEqual({ order_id: null, attached_at: null });
    expect(
      await claimArtworkForOrder(database.db, { ownerToken: owner, artworkIds: [id], orderId: orders[1]! }),
    ).toEqual([]);
    expect((await orderOf(id))?.order_id).toBe(orders[1]);
  });

  it('deletes only unclaimed artwork older than 7 days, rows and files', async () => {
    const owner = newOwnerToken();
    const [oldUnclaimed, oldRejectedOrWaiting, oldClaimed, recent] = [
      await upload(database.db, owner),
      await upload(database.db, owner, false),
      await upload(database.db, owner),
      await upload(database.db, owner),
    ];
    await claimArtworkForOrder(database.db, { ownerToken: owner, artworkIds: [oldClaimed], orderId: orders[0]! });
    await database.db
      .updateTable('artwork')
      .set({ created_at: sql`now() - interval '8 days'` })
      .where('id', 'in', [oldUnclaimed, oldRejectedOrWaiting, oldClaimed])
      .execute();
    await database.db
      .updateTable('artwork')
      .set({ created_at: sql`now() - interval '6 days 23 hours'` })
      .where('id', '=', recent)
      .execute();
    expect(filesOf(oldUnclaimed).length).toBeGreaterThan(0);

    const report = await runSweep(database.db, [deleteUnclaimedArtwork]);
    expect(report.failed).toEqual({});
    expect(report.done['delete-unclaimed-artwork']).toMatch(/^deleted \d+ unclaimed artwork/);
    expect(await orderOf(oldUnclaimed)).toBeNull();
    expect(await orderOf(oldRejectedOrWaiting)).toBeNull();
    expect(filesOf(oldUnclaimed)).toEqual([]);
    expect((await orderOf(oldClaimed))?.order_id).toBe(orders[0]);
    expect(filesOf(oldClaimed)).toEqual(expect.arrayContaining(['original', 'thumbnail.webp']));
    expect(await orderOf(recent)).not.toBeNull();
    expect(filesOf(recent)).toContain('thumbnail.webp');
    // Nothing more is due: a second run is quiet.
    expect(await deleteUnclaimedArtwork.run(database.db)).toBeNull();
  });
});
