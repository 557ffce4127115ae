import type { Config } from '@netlify/functions';
import { handle } from '../../src/server/http.ts';

/**
 * The unsubscribe address of welcome e-mails sent before the page moved: a permanent redirect
 * (308 keeps a POST a POST) to src/pages/newsletter/unsubscribe.astro with the token, and only it.
 * Like every API address, it does not answer another site's pages.
 */
export default handle(async (req: Request): Promise<Response> => {
  const token = new URL(req.url).searchParams.get('token');
  const location = `/newsletter/unsubscribe${token === null ? '' : `?${new URLSearchParams({ token })}`}`;
  return new Response(null, { status: 308, headers: { location } });
});

export const config: Config = { path: '/api/newsletter/unsubscribe', method: ['GET', 'POST'] };
