// Builds the `context` argument Netlify passes to a v2 function, as far as it means anything locally.
import { createCookies } from './cookies.mts';
import type { FunctionContext } from './function-types.mts';

export type ContextInput = {
  request: Request;
  functionName: string;
  params: Record<string, string>;
  ip: string;
  requestId: string;
  siteUrl: string;
  log: (line: string) => void;
  waitUntil: (promise: Promise<unknown>) => void;
};

export function createFunctionContext(input: ContextInput): { context: FunctionContext; setCookieHeaders: string[] } {
  const { cookies, setCookieHeaders } = createCookies(input.request);
  const context: FunctionContext = {
    account: { id: 'local' },
    cookies,
    deploy: { context: 'dev', id: 'local', published: false },
    geo: {},
    ip: input.ip,
    json: (value) => Response.json(value),
    log: (...data) => input.log(`[${input.functionName}] ${data.map(String).join(' ')}`),
    params: input.params,
    requestId: input.requestId,
    server: { region: 'local' },
    site: { id: 'local', name: 'local', url: input.siteUrl },
    url: new URL(input.request.url),
    waitUntil: input.waitUntil,
  };
  return { context, setCookieHeaders };
}
