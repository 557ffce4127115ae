import type { Config, Context } from '@netlify/functions';
import { checkRequestSchema } from '../../src/lib/artwork/artwork-schema.ts';
import { artworkNotFound, checkArtwork } from '../../src/server/artwork/check.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { enforceArtworkThrottle } from '../../src/server/throttle/shop-throttles.ts';
import { isUuid } from '../../src/lib/identifiers.ts';

/**
 * Step two: { ownerToken, printWidthInches? } checks the uploaded file and answers what was found
 * (413/415 with a message when it is refused; the file is then deleted).
 */
export default handle(async (req: Request, context: Context) => {
  const database = await db();
  await enforceArtworkThrottle(database, context.ip, 'check');
  const id = context.params?.['id'] ?? '';
  const input = await readJson(req, checkRequestSchema, 4 * 1024);
  if (!isUuid(id)) throw artworkNotFound();
  const result = await checkArtwork(database, {
    id: id.toLowerCase(),
    ownerToken: input.ownerToken,
    printWidthInches: input.printWidthInches ?? null,
    address: context.ip,
  });
  return json(result);
});

export const config: Config = { path: '/api/artwork/:id/check', method: 'POST' };
