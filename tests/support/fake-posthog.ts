import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/**
 * A local stand-in for a PostHog host (PUBLIC_POSTHOG_HOST). It keeps the events posthog-js
 * sends, decoded from whichever encoding the SDK chose: gzip (`fetch`/XHR, the default), base64
 * in a `data=` form field (`sendBeacon` on page unload), or plain JSON; one event or a batch.
 * Everything else it is asked (remote config, flags) is answered with an empty JSON object.
 */
export interface CapturedEvent {
  event: string;
  properties: Record<string, unknown>;
}

export interface FakePosthog {
  url: string;
  events: CapturedEvent[];
  close(): Promise<void>;
}

async function read(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The JSON posthog-js sent, whatever its encoding. */
export function decodePosthogBody(body: Buffer, url: URL): unknown {
  if (body.length === 0) return null;
  if (body[0] === 0x1f && body[1] === 0x8b) return JSON.parse(gunzipSync(body).toString('utf8'));
  const text = body.toString('utf8');
  if (text.startsWith('data=')) {
    const data = new URLSearchParams(text).get('data') ?? '';
    const json = url.searchParams.get('compression') === 'base64' ? Buffer.from(data, 'base64').toString('utf8') : data;
    return JSON.parse(json);
  }
  return JSON.parse(text);
}

const isEvent = (item: unknown): item is CapturedEvent =>
  typeof item === 'object' && item !== null && typeof (item as { event?: unknown }).event === 'string';

export async function startFakePosthog(): Promise<FakePosthog> {
  const events: CapturedEvent[] = [];
  const server: Server = createServer(async (req, res) => {
    // The shop's pages are another origin: answer CORS as PostHog does, credentials included.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://posthog.test');
    if (req.method === 'POST') {
      try {
        const data = decodePosthogBody(await read(req), url);
        const items = Array.isArray(data) ? data : [(data as { batch?: unknown } | null)?.batch ?? data].flat();
        events.push(...items.filter(isEvent));
      } catch {
        // not an event payload
      }
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    events,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
