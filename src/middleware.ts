import { defineMiddleware } from 'astro:middleware';
import { defersScripts, withOnDemandPageHeaders } from './server/security/on-demand-headers.ts';

/** Pages rendered per request carry the security headers a built page gets from `_headers`. */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  return context.isPrerendered
    ? response
    : withOnDemandPageHeaders(response, { deferScripts: defersScripts(context.locals) });
});
