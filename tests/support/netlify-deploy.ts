import { createHash, createHmac } from 'node:crypto';

/**
 * Netlify's side of the deploy notifications, written from its documentation rather than from
 * our verifier: a JWS (HS256) with `iss` and `sha256` = hex SHA-256 of the body, and the deploy
 * object as the body.
 */
const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function netlifySignature(
  body: string,
  secret: string,
  claims: Record<string, unknown> = { iss: 'netlify', sha256: createHash('sha256').update(body).digest('hex') },
): string {
  const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64(JSON.stringify(claims));
  return `${head}.${payload}.${b64(createHmac('sha256', secret).update(`${head}.${payload}`).digest())}`;
}

/** A deploy object as Netlify sends it (trimmed to a realistic handful of its fields). */
export function deployBody(fields: Record<string, unknown>): string {
  return JSON.stringify({
    id: '6561a0c7e1b2c30008d4f1a2',
    site_id: 'b3f6e9a2-0000-4000-8000-000000000001',
    build_id: '6561a0c7e1b2c30008d4f1a0',
    name: 'west-texas-prints',
    url: 'https://west-texas-prints.netlify.app',
    branch: 'main',
    context: 'production',
    error_message: null,
    published_at: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...fields,
  });
}
