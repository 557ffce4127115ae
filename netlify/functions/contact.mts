import { Throttled } from '../../src/server/errors.ts';
import type { Config, Context } from '@netlify/functions';
import { CONTACT_MESSAGES, contactSchema } from '../../src/lib/contact-schema.ts';
import { config as serverConfig } from '../../src/server/config.ts';
import { submitContactMessage } from '../../src/server/forms/contact.ts';
import { contactFormPage, contactSuccessPage } from '../../src/server/forms/contact-page.ts';
import { formEndpoint } from '../../src/server/forms/endpoint.ts';

const contact = formEndpoint({
  route: 'contact',
  schema: contactSchema,
  // A 5,000-character message of non-Latin text, percent-encoded, fits with room to spare.
  maxBytes: 64 * 1024,
  throttle: { limit: 10, windowSeconds: 10 * 60 },
  throttleMessage: 'You have sent several messages in a short time. Please try again in a few minutes.',
  async accept(db, input) {
    return (await submitContactMessage(db, input, { shopEmail: serverConfig().SHOP_EMAIL })).mailIds;
  },
  pages: {
    success: contactSuccessPage,
    refused: (values, fields, error) =>
      contactFormPage(values, fields, error && (error instanceof Throttled ? error.message : CONTACT_MESSAGES.failed)),
  },
});

export default (req: Request, context: Context) => contact(req, context);

export const config: Config = { path: '/api/contact', method: 'POST' };
