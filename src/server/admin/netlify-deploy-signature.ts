import { createHash, timingSafeEqual } from 'node:crypto';
import { InvalidTokenError, verifyHs256 } from '../auth/jwt.ts';

/**
 * Netlify signs each outgoing deploy webhook with a JWS in `X-Webhook-Signature`: HS256 under the
 * "JWS secret token" set on the notification, claims `iss: "netlify"` and `sha256` = hex SHA-256 of
 * the raw body. The signature proves the sender, the hash ties it to this body (a signed header
 * replayed with another body fails). Throws InvalidTokenError unless all three hold.
 */
export async function verifyDeploySignature(rawBody: string, header: string, secret: string): Promise<void> {
  const claims = await verifyHs256(header.trim(), Buffer.from(secret, 'utf8'));
  if (claims['iss'] !== 'netlify') throw new InvalidTokenError('issuer is not netlify');
  const claimed = claims['sha256'];
  if (typeof claimed !== 'string' || !/^[0-9a-f]{64}$/i.test(claimed)) {
    throw new InvalidTokenError('sha256 claim missing');
  }
  const actual = createHash('sha256').update(rawBody, 'utf8').digest();
  if (!timingSafeEqual(Buffer.from(claimed, 'hex'), actual)) throw new InvalidTokenError('body hash differs');
}
