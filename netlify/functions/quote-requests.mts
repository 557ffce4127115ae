import type { Config, Context } from '@netlify/functions';
import { quoteRequestSchema } from '../../src/lib/quote-request-schema.ts';
import { config as serverConfig } from '../../src/server/config.ts';
import { MAX_ARTWORK_BYTES, MAX_ARTWORK_MB } from '../../src/lib/artwork-schema.ts';
import { Invalid, Throttled, TooLarge, UnsupportedMedia } from '../../src/server/errors.ts';
import { checkRequestFile } from '../../src/server/quotes/request-artwork.ts';
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
  // Without script the artwork rides in the post (Netlify takes 6 MB per request; the page's
  // script sends larger files, up to 50 MB, straight to storage instead).
  files: {
    fields: ['artwork'],
    maxBytes: MAX_ARTWORK_BYTES + 64 * 1024,
    tooLarge: `The file is larger than ${MAX_ARTWORK_MB} MB. Send a smaller file.`,
  },
  throttle: { limit: 10, windowSeconds: 10 * 60 },
  throttleMessage: 'You have sent several requests in a short time. Please try again in a few minutes.',
  async accept(db, input, _req, files) {
    const [sent] = files;
    if (files.length > 1)
      throw new Invalid('invalid_input', 'Send one file.', { fields: { artwork: 'Send one file.' } });
    const file = sent ? await checkRequestFile(sent) : null;
    const stored = await submitQuoteRequest(db, input, { shopEmail: serverConfig().SHOP_EMAIL, file });
    return { mailIds: stored.mailIds, reply: { reference: stored.reference } };
  },
  pages: {
    success: quoteSuccessPage,
    refused: (values, fields, error) =>
      quoteFormPage(
        values,
        fields,
        error &&
          (error instanceof Throttled || error instanceof TooLarge || error instanceof UnsupportedMedia
            ? error.message
            : 'Your request could not be sent. Please try again.'),
      ),
  },
});

export default (req: Request, context: Context) => quoteRequests(req, context);

export const config: Config = { path: '/api/quote-requests', method: 'POST' };
