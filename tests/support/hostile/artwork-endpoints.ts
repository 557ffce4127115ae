import type { Kysely } from 'kysely';
import { artworkStore, originalKey } from '../../../src/server/artwork/store.ts';
import { createArtworkUpload } from '../../../src/server/artwork/uploads.ts';
import type { Database } from '../../../src/server/db/types.ts';
import { png } from '../artwork-files.ts';
import { checkedArtwork } from './checked-artwork.ts';
import { type EndpointSpec, text, token } from './spec.ts';

/**
 * Customer artwork (docs/decisions/0015-print-ordering.md): uploads, checks, thumbnails and the
 * admin's download of originals.
 */

/** The owner token the hostile requests use (a valid one: the attacks go elsewhere). */
const OWNER = 'hostile-owner-token-0123456789abcdefghijk';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** A checked upload of OWNER (the normal request after the attacks needs one). */
const readyArtwork = (db: Kysely<Database>) => checkedArtwork(db, OWNER, 'ok.png');

const readById = (label: string, suffix: string) => ({
  label,
  path: () => `/api/artwork/${NO_SUCH_ID}/${suffix}`,
  params: () => ({ id: NO_SUCH_ID }),
  pathParams: [token('id')],
});

export const ARTWORK_ENDPOINTS: Record<string, EndpointSpec> = {
  'artwork-uploads': {
    bodies: [
      {
        label: 'POST /api/artwork/uploads',
        method: 'POST',
        path: () => '/api/artwork/uploads',
        encoding: 'json',
        limit: 4 * 1024,
        valid: () => ({ fileName: 'logo.png', size: 1000 }),
        fields: [text('fileName', 255), token('ownerToken')],
        stores: ['artwork'],
        async readBack(f, answer) {
          const row = await f.db
            .selectFrom('artwork')
            .select('original_name')
            .where('id', '=', (answer as { artworkId: string }).artworkId)
            .executeTakeFirstOrThrow();
          return { fileName: row.original_name };
        },
      },
    ],
    healthy: async () => ({ method: 'POST', path: '/api/artwork/uploads', body: { fileName: 'a.png', size: 10 } }),
  },
  'artwork-check': {
    bodies: [
      {
        label: 'POST /api/artwork/:id/check',
        method: 'POST',
        // A fresh upload whose file never arrived: a valid check answers 409 and changes nothing.
        async setup(f) {
          const { artworkId } = await createArtworkUpload(f.db, { fileName: 'a.png', size: 10, ownerToken: OWNER });
          return { id: artworkId };
        },
        path: (_f, vars) => `/api/artwork/${vars['id'] ?? NO_SUCH_ID}/check`,
        params: (_f, vars) => ({ id: vars['id'] ?? NO_SUCH_ID }),
        encoding: 'json',
        limit: 4 * 1024,
        valid: () => ({ ownerToken: OWNER }),
        fields: [token('ownerToken')],
        stores: [],
      },
    ],
    reads: [{ ...readById('POST /api/artwork/:id/check (path id)', 'check'), method: 'POST' }],
    healthy: async (f) => {
      const { artworkId } = await createArtworkUpload(f.db, { fileName: 'b.png', size: 10, ownerToken: OWNER });
      await artworkStore().write(originalKey(artworkId), await png(16, 16), 'image/png');
      return {
        method: 'POST',
        path: `/api/artwork/${artworkId}/check`,
        params: { id: artworkId },
        body: { ownerToken: OWNER, printWidthInches: 2 },
      };
    },
  },
  'artwork-thumbnail': {
    // The admin's way in (the owner's header is covered in tests/integration/artwork.test.ts).
    admin: true,
    reads: [readById('GET /api/artwork/:id/thumbnail', 'thumbnail')],
    healthy: async (f) => {
      const id = await readyArtwork(f.db);
      return { path: `/api/artwork/${id}/thumbnail`, params: { id } };
    },
  },
  'admin-artwork-original': {
    admin: true,
    reads: [readById('GET /api/artwork/:id/original', 'original')],
    healthy: async (f) => {
      const id = await readyArtwork(f.db);
      return { path: `/api/artwork/${id}/original`, params: { id } };
    },
  },
};
