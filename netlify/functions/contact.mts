import type { Config, Context } from '@netlify/functions';
import { CONTACT_FORM } from '../../src/server/forms/definitions.ts';
import { formEndpoint } from '../../src/server/forms/endpoint.ts';

/** The contact form's JSON API (its page's script); without script the form posts to /contact/send. */
const contact = formEndpoint(CONTACT_FORM);

export default (req: Request, context: Context) => contact(req, context);

export const config: Config = { path: '/api/contact', method: 'POST' };
