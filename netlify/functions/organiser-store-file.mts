import type { Config, Context } from '@netlify/functions';
import { thumbnailResponse } from '../../src/server/artwork/serve.ts';
import { db } from '../../src/server/db/index.ts';
import { renderLinkNotFound } from '../../src/server/forms/link-pages.ts';
import { pageHeaders } from '../../src/server/forms/page-shell.ts';
import { handle } from '../../src/server/http.ts';
import { verifyLink } from '../../src/server/links/signed-links.ts';
import { organiserFile } from '../../src/server/stores/organiser-view.ts';
import { isUuid } from '../../src/lib/identifiers.ts';

/** The thumbnail of a store design's artwork on the organiser's page (issue #30); only that store's files. */
export default handle(async (_req: Request, context: Context): Promise<Response> => {
  const storeId = verifyLink('organiser', context.params?.['token'] ?? '');
  const fileId = context.params?.['id'] ?? '';
  const file = storeId && isUuid(fileId) ? await organiserFile(await db(), storeId, fileId.toLowerCase()) : null;
  const answer = file?.thumbnail_key ? await thumbnailResponse(file.thumbnail_key) : null;
  return answer ?? new Response(renderLinkNotFound(), { status: 404, headers: pageHeaders() });
});

export const config: Config = { path: '/stores/organiser/:token/files/:id/thumbnail', method: 'GET' };
