import type { Config, Context } from '@netlify/functions';
import { quoteRequestSchema } from '../../src/lib/quote-request-schema.ts';
import { config as serverConfig } from '../../src/server/config.ts';
import { Throttled } from '../../src/server/errors.ts';
import { formEndpoint } from '../../src/server/forms/endpoint.ts';
import { quoteFormPage, quoteSuccessPage } from '../../src/server/forms/quote-page.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';

/**
 * A request for a quote (issue #17), as JSON or a plain form post: throttled per client address,
 * honeypot, one message per refused field; answers the request's reference number.
 */
const quoteRequests = formEndpoint({
  route: 'quote-requests',
  schema: quoteRequestSchema,
  maxBytes: 64 * 1024,
  throttle: { limit: 10, windowSeconds: 10 * 60 },
  throttleMessage: 'You have sent several requests in a short time. Please try again in a few minutes.',
  async accept(db, input) {
    const stored = await submitQuoteRequest(db, input, { shopEmail: serverConfig().SHOP_EMAIL });
    return { mailIds: stored.mailIds, reply: { reference: stored.reference } };
  },
  pages: {
    success: quoteSuccessPage,
    refused: (values, fields, error) =>
      quoteFormPage(
        values,
        fields,
        error && (error instanceof Throttled ? error.message : 'Your request could not be sent. Please try again.'),
      ),
  },
});

export default (req: Request, context: Context) => quoteRequests(req, context);

export const config: Config = { path: '/api/quote-requests', method: 'POST' };
