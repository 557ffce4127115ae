import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server standing in for a supplier's web service (S&S REST, SanMar SOAP): the
 * supplier's own handler answers in its wire format; `failWith` makes every request fail the way
 * suppliers do (401, 429 with Retry-After, 5xx, a body that is not the format, or no answer at all).
 */
export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandInAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type StandInFailure = 401 | 429 | 500 | 503 | 'timeout' | 'malformed' | null;

export interface StandIn {
  url: string;
  requests: StandInRequest[];
  failWith: StandInFailure;
  close(): Promise<void>;
}

export async function startStandIn(
  handle: (request: StandInRequest) => StandInAnswer,
  malformed: StandInAnswer,
): Promise<StandIn> {
  const hanging = new Set<ServerResponse>();
  const state: StandIn = { url: '', requests: [], failWith: null, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.requests.push(request);
      const failure = state.failWith;
      if (failure === 'timeout') {
        hanging.add(res);
        return;
      }
      const answer =
        failure === 'malformed'
          ? malformed
          : failure === 429
            ? { status: 429, contentType: 'text/plain', body: 'Too Many Requests' }
            : failure
              ? { status: failure, contentType: 'text/plain', body: 'failure' }
              : handle(request);
      const headers: Record<string, string> = { 'content-type': answer.contentType };
      if (failure === 429) headers['retry-after'] = '7';
      res.writeHead(answer.status, headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

export const json = (status: number, value: unknown): StandInAnswer => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(value),
});
