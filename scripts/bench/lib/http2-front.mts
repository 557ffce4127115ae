/**
 * An HTTP/2 front for the local shop, as Netlify's edge serves the site: TLS with a throwaway
 * self-signed certificate (browsers speak HTTP/2 only over TLS), every stream passed to the
 * shop's HTTP/1.1 server unchanged (compression included). Lighthouse's simulation models a
 * page's requests by the protocol they were observed on: over HTTP/1.1 each request made beside
 * another opens a new TCP connection and pays a handshake round trip, over HTTP/2 they share the
 * document's warm connection. Measured over the local server alone, a page whose largest paint is
 * a picture pays a round trip that a visitor of the deployed shop does not.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host']);

/** A key and a certificate for localhost, valid for a day, made with the system's openssl. */
function throwawayCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key]
        .concat(['-out', cert, '-days', '1', '-subj', '/CN=localhost'])
        .concat(['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1']),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function requestHeaders(headers: http2.IncomingHttpHeaders, host: string): Record<string, string> {
  const out: Record<string, string> = { host };
  for (const [name, value] of Object.entries(headers))
    if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && typeof value === 'string') out[name] = value;
  return out;
}

function responseHeaders(res: http.IncomingMessage): http2.OutgoingHttpHeaders {
  const out: http2.OutgoingHttpHeaders = { ':status': res.statusCode ?? 502 };
  for (const [name, value] of Object.entries(res.headers))
    if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
  return out;
}

/** Serves `target` (the shop's http://host:port) over HTTP/2 on https://localhost:<free port>. */
export async function startHttp2Front(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const shop = new URL(target);
  const server = http2.createSecureServer(throwawayCertificate());
  server.on('stream', (stream, headers) => {
    const upstream = http.request(
      {
        host: shop.hostname,
        port: shop.port,
        method: headers[':method'],
        path: headers[':path'],
        headers: requestHeaders(headers, shop.host),
      },
      (res) => {
        if (stream.destroyed) return void res.resume();
        stream.respond(responseHeaders(res));
        res.pipe(stream);
      },
    );
    upstream.on('error', () => {
      if (stream.destroyed) return;
      if (!stream.headersSent) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('close', () => upstream.destroy());
    stream.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
