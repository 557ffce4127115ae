import type { Config, Context } from '@netlify/functions';
import { NEWSLETTER_FORM } from '../../src/server/forms/definitions.ts';
import { formEndpoint } from '../../src/server/forms/endpoint.ts';

/** The mailing-list sign-up's JSON API (the home page's script); without script it posts to /newsletter. */
const newsletter = formEndpoint(NEWSLETTER_FORM);

export default (req: Request, context: Context) => newsletter(req, context);

export const config: Config = { path: '/api/newsletter', method: 'POST' };
