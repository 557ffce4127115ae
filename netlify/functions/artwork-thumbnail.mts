import type { Config, Context } from '@netlify/functions';
import { artworkThumbnail } from '../../src/server/artwork/serve.ts';
import { db } from '../../src/server/db/index.ts';
import { handle } from '../../src/server/http.ts';

/** The thumbnail of a checked file, for its owner (X-Artwork-Owner header) or the admin (Bearer). */
export default handle(async (req: Request, context: Context) =>
  artworkThumbnail(await db(), req, context.params?.['id'] ?? ''),
);

export const config: Config = { path: '/api/artwork/:id/thumbnail', method: 'GET' };
