import type { Config, Context } from '@netlify/functions';
import { QUOTE_REQUEST_FORM } from '../../src/server/forms/definitions.ts';
import { formEndpoint } from '../../src/server/forms/endpoint.ts';

/**
 * A request for a quote as JSON (throttled per client address, honeypot, one message per refused
 * field; answers the reference number). The /quote page's form posts to /quote/send instead.
 */
const quoteRequests = formEndpoint(QUOTE_REQUEST_FORM);

export default (req: Request, context: Context) => quoteRequests(req, context);

export const config: Config = { path: '/api/quote-requests', method: 'POST' };
