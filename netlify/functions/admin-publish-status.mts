import type { Config } from '@netlify/functions';
import { readPublishStatus } from '../../src/server/admin/publish-status.ts';
import { adminFunction } from '../../src/server/admin/route.ts';
import { config as serverConfig } from '../../src/server/config.ts';
import { json } from '../../src/server/http.ts';

/** GET /api/admin/publish-status: whether the last admin save is on the storefront yet (the SPA polls it). */
export default adminFunction(async (_req, { db }) =>
  json({
    publish: await readPublishStatus(db),
    deploy_notifications: Boolean(serverConfig().NETLIFY_DEPLOY_WEBHOOK_SECRET),
  }),
);

export const config: Config = { path: '/api/admin/publish-status', method: 'GET' };
