import type { Config, Context } from '@netlify/functions';
import { createUploadSchema } from '../../src/lib/artwork/artwork-schema.ts';
import { createArtworkUpload } from '../../src/server/artwork/uploads.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { enforceArtworkThrottle } from '../../src/server/throttle/shop-throttles.ts';

/**
 * Step one of a customer's artwork upload: { fileName, size, ownerToken? } answers the row's id,
 * the owner token to keep and a signed URL the browser PUTs the file to (straight to storage).
 * 429 / 507 when the bytes the client's or everyone's unchecked uploads already sent would pass
 * their budget, 429 when the client holds too many open tickets (upload-budget.ts).
 */
export default handle(async (req: Request, context: Context) => {
  const database = await db();
  await enforceArtworkThrottle(database, context.ip, 'upload');
  const input = await readJson(req, createUploadSchema, 4 * 1024);
  return json(await createArtworkUpload(database, input, { ip: context.ip }), 201);
});

export const config: Config = { path: '/api/artwork/uploads', method: 'POST' };
