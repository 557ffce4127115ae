import { Invalid, NotFound, TooLarge, Unauthorized } from '../../src/server/errors.ts';
import type { Config } from '@netlify/functions';
import { applyDeployEvent, deployEventSchema, deployTarget } from '../../src/server/admin/netlify-deploy-events.ts';
import { verifyDeploySignature } from '../../src/server/admin/netlify-deploy-signature.ts';
import { InvalidTokenError } from '../../src/server/auth/jwt.ts';
import { config as serverConfig } from '../../src/server/config.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readBodyText } from '../../src/server/request.ts';

const MAX_BYTES = 512 * 1024;

/**
 * Netlify's outgoing deploy webhooks (Deploy started / succeeded / failed): verified against
 * NETLIFY_DEPLOY_WEBHOOK_SECRET, then production deploys update the publish status the admin
 * header shows. Without the secret the endpoint does not exist.
 */
export default handle(async (req) => {
  const secret = serverConfig().NETLIFY_DEPLOY_WEBHOOK_SECRET;
  if (!secret) throw new NotFound('not_found', 'Deploy notifications are not configured.');
  const payload = await readBodyText(
    req,
    MAX_BYTES,
    () => new TooLarge('payload_too_large', 'The event is too large.'),
  );
  const signature = req.headers.get('x-webhook-signature');
  if (!signature) throw new Unauthorized('invalid_signature', 'The X-Webhook-Signature header is missing.');
  try {
    await verifyDeploySignature(payload, signature, secret);
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    throw new Unauthorized('invalid_signature', 'The webhook signature does not match.');
  }

  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    throw new Invalid('invalid_event', 'The body is not a Netlify deploy.');
  }
  const parsed = deployEventSchema.safeParse(data);
  if (!parsed.success) throw new Invalid('invalid_event', 'The body is not a Netlify deploy.');
  const target = deployTarget(parsed.data);
  // Deploy previews, branch deploys and states that say nothing about the storefront.
  if (!target) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  const outcome = await applyDeployEvent(await db(), parsed.data, target);
  return json({ received: true, outcome });
});

export const config: Config = { path: '/api/netlify/deploy-events', method: 'POST' };
