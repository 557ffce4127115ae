import { contactSchema } from '../../lib/forms/contact-schema.ts';
import { MAX_ARTWORK_BYTES, MAX_ARTWORK_MB } from '../../lib/artwork/artwork-schema.ts';
import { NEWSLETTER_MESSAGES, newsletterSchema } from '../../lib/forms/newsletter-schema.ts';
import { quoteRequestSchema } from '../../lib/quotes/quote-request-schema.ts';
import { config as serverConfig } from '../config.ts';
import { Invalid } from '../errors.ts';
import { checkRequestFile } from './request-artwork.ts';
import { submitContactMessage } from './contact.ts';
import type { FormDefinition } from './endpoint.ts';
import { subscribe } from './newsletter.ts';
import { submitQuoteRequest } from './quote-request.ts';

/**
 * The shop's three public forms, each taken the same way by its JSON API (netlify/functions)
 * and by its page when JavaScript is off (src/pages/contact/send.astro, newsletter/index.astro,
 * quote/send.astro): one set of limits and one store step per form.
 */
export const CONTACT_FORM: FormDefinition<typeof contactSchema> = {
  route: 'contact',
  schema: contactSchema,
  // A 5,000-character message of non-Latin text, percent-encoded, fits with room to spare.
  maxBytes: 64 * 1024,
  throttle: { limit: 10, windowSeconds: 10 * 60 },
  throttleMessage: 'You have sent several messages in a short time. Please try again in a few minutes.',
  async accept(db, input) {
    return (await submitContactMessage(db, input, { shopEmail: serverConfig().SHOP_EMAIL })).mailIds;
  },
};

export const NEWSLETTER_FORM: FormDefinition<typeof newsletterSchema> = {
  route: 'newsletter',
  schema: newsletterSchema,
  maxBytes: 4 * 1024,
  throttle: { limit: 10, windowSeconds: 10 * 60 },
  throttleMessage: NEWSLETTER_MESSAGES.failure,
  async accept(db, input, req) {
    const siteUrl = serverConfig().SITE_URL ?? new URL(req.url).origin;
    // Same answer whether the address is new or not: the form tells nobody who subscribed.
    return (await subscribe(db, input.email, { siteUrl })).mailIds;
  },
};

/** A request for a quote: one message per refused field; answers the request's reference number. */
export const QUOTE_REQUEST_FORM: FormDefinition<typeof quoteRequestSchema> = {
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
  async accept(db, input, _req, files, context) {
    const [sent] = files;
    if (files.length > 1)
      throw new Invalid('invalid_input', 'Send one file.', { fields: { artwork: 'Send one file.' } });
    const file = sent ? await checkRequestFile(sent, context.ip) : null;
    const stored = await submitQuoteRequest(db, input, { shopEmail: serverConfig().SHOP_EMAIL, file });
    return { mailIds: stored.mailIds, reply: { reference: stored.reference } };
  },
};
