// Runs one function with a fresh context; a throw becomes a logged 500 instead of a dead server.
import { randomUUID } from 'node:crypto';
import { createFunctionContext } from './function-context.mts';
import type { LoadedFunction } from './function-types.mts';
import { errorResponse } from './json-errors.mts';

export type Invocation = {
  fn: LoadedFunction;
  request: Request;
  params: Record<string, string>;
  ip: string;
  siteUrl: string;
  log: (line: string) => void;
  waitUntil: (promise: Promise<unknown>) => void;
};

export type InvocationResult = { response: Response; setCookieHeaders: string[]; requestId: string };

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export async function invokeFunction(invocation: Invocation): Promise<InvocationResult> {
  const requestId = randomUUID();
  const { fn, log } = invocation;
  const { context, setCookieHeaders } = createFunctionContext({
    request: invocation.request,
    functionName: fn.name,
    params: invocation.params,
    ip: invocation.ip,
    requestId,
    siteUrl: invocation.siteUrl,
    log,
    waitUntil: invocation.waitUntil,
  });
  try {
    const response = await fn.handler(invocation.request, context);
    if (response instanceof Response) return { response, setCookieHeaders, requestId };
    log(`functions: ${fn.name} returned ${typeof response} instead of a Response (request ${requestId})`);
  } catch (error) {
    log(`functions: ${fn.name} threw (request ${requestId}): ${errorText(error)}`);
  }
  // Cookies set before the failure are dropped, as they would be in production.
  return { response: errorResponse(500, 'internal', 'Internal error'), setCookieHeaders: [], requestId };
}
