import type { Config } from '@netlify/functions';
import { runSearch } from '../../src/lib/search/engine.ts';
import { parseSearchParams, searchUrl } from '../../src/lib/search/query.ts';
import { Invalid } from '../../src/server/errors.ts';
import { handle, json } from '../../src/server/http.ts';
import { searchFiles } from '../../src/server/search/search-files.ts';
import { availability, priceText, thumbnail } from '../../src/lib/search/result-facts.ts';

/**
 * GET /api/search?q=hood&limit=6 (docs/decisions/0018-search.md): the header's suggestions as the customer types, the
 * same query, filters and ranking as the search page, from the build's index. `url` is the
 * search page for the same query.
 */
export default handle(async (req: Request) => {
  const params = new URL(req.url).searchParams;
  const parsed = parseSearchParams(params);
  const rawLimit = params.get('limit') ?? '8';
  const limit = /^\d{1,2}$/.test(rawLimit) ? Number(rawLimit) : 0;
  if (!parsed.ok || limit < 1 || limit > 24) {
    const fields = {
      ...(parsed.ok ? {} : parsed.fields),
      ...(limit < 1 || limit > 24 ? { limit: 'Ask for 1 to 24 results.' } : {}),
    };
    throw new Invalid('invalid_input', 'The search could not be read.', { fields });
  }
  const files = await searchFiles();
  const answer = runSearch(files.engine, parsed.query, limit);
  return json({
    total: answer.total,
    url: searchUrl(parsed.query),
    results: answer.results.map((doc) => ({
      kind: doc.kind,
      name: doc.name,
      url: doc.url,
      image: thumbnail(doc),
      price: priceText(doc),
      availability: availability(doc),
    })),
  });
});

export const config: Config = { path: '/api/search', method: 'GET' };
