import type { Config, Context } from '@netlify/functions';
import { NEWSLETTER_MESSAGES, newsletterSchema } from '../../src/lib/newsletter-schema.ts';
import { config as serverConfig } from '../../src/server/config.ts';
import { formEndpoint } from '../../src/server/forms/endpoint.ts';
import { subscribe } from '../../src/server/forms/newsletter.ts';
import { newsletterPage } from '../../src/server/forms/newsletter-page.ts';

const newsletter = formEndpoint({
  route: 'newsletter',
  schema: newsletterSchema,
  maxBytes: 4 * 1024,
  throttle: { limit: 10, windowSeconds: 10 * 60 },
  throttleMessage: NEWSLETTER_MESSAGES.failure,
  async accept(db, input, req) {
    const siteUrl = serverConfig().SITE_URL ?? new URL(req.url).origin;
    // Same answer whether the address is new or not: the endpoint tells nobody who subscribed.
    return (await subscribe(db, input.email, { siteUrl })).mailIds;
  },
  pages: {
    success: () => newsletterPage({ outcome: 'subscribed' }),
    refused: (values, fields, error) =>
      newsletterPage({
        outcome: error ? 'failed' : 'invalid',
        email: typeof values['email'] === 'string' ? values['email'] : '',
        fieldMessage: fields['email'],
      }),
  },
});

export default (req: Request, context: Context) => newsletter(req, context);

export const config: Config = { path: '/api/newsletter', method: 'POST' };
