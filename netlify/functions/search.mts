import type { Config } from '@netlify/functions';
import { runSearch } from '../../src/lib/search/engine.ts';
import { parseSearchParams, searchUrl } from '../../src/lib/search/query.ts';
import { handle } from '../../src/server/http.ts';
import { searchFiles } from '../../src/server/search/search-files.ts';
import { fillShell, RESULTS_PER_PAGE, renderSearchContent } from '../../src/server/search/search-page.ts';

/**
 * The search page (docs/decisions/0018-search.md): results, filters and sort for the address's query, rendered in
 * the site's shell from the build's index, so it works without JavaScript and while the
 * database is down. A query that cannot be read is the page again with each field's reason and
 * everything else kept (400);
 * any other address of a search is redirected to its canonical one.
 */
export default handle(async (req: Request) => {
  const files = await searchFiles();
  const params = new URL(req.url).searchParams;
  const parsed = parseSearchParams(params);
  const headers = { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': files.csp };
  if (!parsed.ok) {
    // The form again as it was sent, each refused field with its reason (and what was typed
    // there); the filters offered are those of the search without its refused parts.
    const { facets } = runSearch(files.engine, parsed.kept, RESULTS_PER_PAGE);
    const content = renderSearchContent(files, parsed.kept, null, { ...parsed, facets });
    return new Response(fillShell(files.shell, parsed.kept, content), { status: 400, headers });
  }
  // One address per search: a form's empty fields and its own order become the canonical URL.
  const url = new URL(req.url);
  const canonical = searchUrl(parsed.query);
  if (`${url.pathname}${url.search}` !== canonical) {
    return new Response(null, { status: 303, headers: { location: canonical } });
  }
  const answer = runSearch(files.engine, parsed.query, RESULTS_PER_PAGE);
  return new Response(fillShell(files.shell, parsed.query, renderSearchContent(files, parsed.query, answer)), {
    headers,
  });
});

export const config: Config = { path: '/search', method: 'GET' };
