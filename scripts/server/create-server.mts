// The local stand-in for Netlify's CDN + Functions runtime that `npm start` serves the built shop with.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { CompressedBodyCache } from './compression-cache.mts';
import { loadFunctions } from './functions-loader.mts';
import { createRequestHandler } from './request-handler.mts';
import type { Fallback, StorageStandIn } from './request-handler.mts';

export type { Fallback } from './request-handler.mts';

export type ShopServerOptions = {
  distDir: string;
  functionsDir: string;
  /** 0 picks a free port; the one chosen is in the result. */
  port: number;
  host?: string;
  /** SPA fallbacks: a GET under `prefix` that matched nothing is answered with `file` (relative to distDir). */
  fallbacks?: Fallback[];
  /** Answers `/.netlify/images` like Netlify's Image CDN (see image-cdn.mts); without it the path 404s. */
  images?: (req: Request) => Promise<Response>;
  /** Answers signed storage URLs (customer artwork uploads and downloads) like Supabase Storage. */
  storage?: StorageStandIn | undefined;
  /** Scheduled functions this process runs itself, and how often ("every 60 s"), for the start-up log. */
  runsHere?: Readonly<Record<string, string>>;
  log?: (line: string) => void;
};

export type ShopServer = { url: string; port: number; close(): Promise<void> };

/** How long close() lets in-flight responses and waitUntil work finish before cutting them off. */
const CLOSE_GRACE_MS = 5_000;

function originFor(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

export async function createShopServer(options: ShopServerOptions): Promise<ShopServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const host = options.host ?? '127.0.0.1';
  const distDir = resolve(options.distDir);
  // Imported once: modules (and their database pools) stay warm between requests.
  const routes = await loadFunctions(resolve(options.functionsDir), log, options.runsHere);

  const pending = new Set<Promise<unknown>>();
  const waitUntil = (promise: Promise<unknown>): void => {
    const tracked = Promise.resolve(promise)
      .catch((error: unknown) => log(`functions: waitUntil task failed: ${String(error)}`))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  let origin = originFor(host, options.port);
  const handler = createRequestHandler({
    distDir,
    routes,
    fallbacks: options.fallbacks ?? [],
    cache: new CompressedBodyCache(),
    log,
    origin: () => origin,
    waitUntil,
    images: options.images,
    storage: options.storage,
  });
  const server = createServer((req, res) => void handler(req, res));

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port, host, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  origin = originFor(host, port);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolveClose, rejectClose) => {
      const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      // A response that is still finishing leaves its keep-alive socket open after close();
      // sweep until every socket has gone idle and been closed.
      const sweep = setInterval(() => server.closeIdleConnections(), 25);
      force.unref();
      server.close((error) => {
        clearTimeout(force);
        clearInterval(sweep);
        if (error) rejectClose(error);
        else resolveClose();
      });
      server.closeIdleConnections();
    }).then(async () => {
      const deadline = new Promise((done) => setTimeout(done, CLOSE_GRACE_MS).unref());
      await Promise.race([Promise.allSettled([...pending]), deadline]);
    });
    return closing;
  };

  return { url: origin, port, close };
}
