import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * docs/decisions/spec-rules.md#s2 App shell: plain http is redirected to https unless the host is the loopback
 * address. Behind a proxy the original scheme comes from X-Forwarded-Proto. Answers the
 * https URL to redirect to, or null to serve the request as it is.
 */
export function httpsRedirectTarget(req: IncomingMessage): string | null {
  const host = req.headers.host ?? '';
  if (!host || LOOPBACK.test(host)) return null;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  const secure = (req.socket as TLSSocket).encrypted === true || forwarded === 'https';
  if (secure) return null;
  return `https://${host}${req.url ?? '/'}`;
}
