import type { Config } from '@netlify/functions';
import { db } from '../../src/server/db/index.ts';
import { handle } from '../../src/server/http.ts';
import { isSubscriberToken, unsubscribe } from '../../src/server/forms/newsletter.ts';
import { pageHeaders } from '../../src/server/forms/page-shell.ts';
import { unsubscribePage } from '../../src/server/forms/newsletter-page.ts';
import { readSubmission } from '../../src/server/forms/body.ts';

/**
 * The welcome e-mail's unsubscribe link. GET only shows a confirmation button, because mail
 * scanners open links; the button's POST unsubscribes.
 */
export default handle(async (req: Request) => {
  let token: string;
  let done = false;
  let known: boolean;
  if (req.method === 'POST') {
    const { data } = await readSubmission(req, 2048);
    token = typeof data['token'] === 'string' ? data['token'] : '';
    known = await unsubscribe(await db(), token);
    done = known;
  } else {
    token = new URL(req.url).searchParams.get('token') ?? '';
    known = await isSubscriberToken(await db(), token);
  }
  return new Response(unsubscribePage({ token, done, known }), {
    status: known ? 200 : 404,
    headers: pageHeaders(),
  });
});

export const config: Config = { path: '/api/newsletter/unsubscribe', method: ['GET', 'POST'] };
