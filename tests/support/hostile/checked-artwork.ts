import type { Kysely } from 'kysely';
import { checkArtwork } from '../../../src/server/artwork/check.ts';
import { artworkStore, originalKey, thumbnailKey } from '../../../src/server/artwork/store.ts';
import { createArtworkUpload } from '../../../src/server/artwork/uploads.ts';
import { jsonb } from '../../../src/server/db/json.ts';
import type { Database } from '../../../src/server/db/types.ts';
import { png } from '../artwork-files.ts';

/** The first file checked for real in each database: later ones copy what its check found. */
const firstChecked = new WeakMap<Kysely<Database>, string>();

/**
 * A 16 × 16 PNG of `ownerToken`, uploaded and checked. The hostile corpus needs one for every
 * attack on the order and proof endpoints (hundreds); since a check runs in a process of its
 * own (docs/decisions/0025-hardening.md) each costs a second or more, so only the first is checked, and the rest
 * take its findings and thumbnail, which a check of the same bytes would give them. The
 * check itself is what tests/integration/artwork.test.ts proves.
 */
export async function checkedArtwork(db: Kysely<Database>, ownerToken: string, fileName = 'proof.png') {
  const bytes = await png(16, 16);
  const { artworkId } = await createArtworkUpload(db, { fileName, size: bytes.length, ownerToken });
  const store = artworkStore();
  await store.write(originalKey(artworkId), bytes, 'image/png');
  const first = firstChecked.get(db);
  if (!first) {
    await checkArtwork(db, { id: artworkId, ownerToken, printWidthInches: null });
    firstChecked.set(db, artworkId);
    return artworkId;
  }
  const found = await db
    .selectFrom('artwork')
    .select(['content_type', 'byte_size', 'checks'])
    .where('id', '=', first)
    .executeTakeFirstOrThrow();
  const thumbnail = await store.read(thumbnailKey(first), 1024 * 1024);
  if (!thumbnail) throw new Error('the first checked file has lost its thumbnail');
  await store.write(thumbnailKey(artworkId), thumbnail, 'image/webp');
  await db
    .updateTable('artwork')
    .set({
      status: 'ready',
      content_type: found.content_type,
      byte_size: found.byte_size,
      thumbnail_key: thumbnailKey(artworkId),
      checks: jsonb(found.checks),
      checked_at: new Date(),
    })
    .where('id', '=', artworkId)
    .execute();
  return artworkId;
}
