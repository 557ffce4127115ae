/**
 * GET /api/admin/publish-status: whether the last admin save is on the storefront yet.
 * queued/running: publishing; succeeded: live since `live_since`; failed: `error` holds the
 * build's message and the previous pages stay up; requested: the Netlify build hook accepted the
 * build at `finished_at` (with deploy notifications, Netlify's deploy then reports running and
 * succeeded/failed; without, nothing more is heard); unavailable:
 * nothing rebuilds the pages where this shop runs.
 */
export type PublishState = 'queued' | 'running' | 'succeeded' | 'failed' | 'requested' | 'unavailable';

export interface PublishStatus {
  state: PublishState;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  live_since: string | null;
  error: string | null;
  /** The changes the publish under way includes, and those the next will (by kind, one per save). */
  building?: string[];
  waiting?: string[];
  /** How long a publish usually takes here, once one has gone live. */
  usual_seconds?: number | null;
}

/**
 * `publish` is null until the first save that changes the public pages. `deploy_notifications`:
 * Netlify's deploy webhooks are received (NETLIFY_DEPLOY_WEBHOOK_SECRET), so 'requested' moves on
 * to running and live/failed by itself and is worth watching.
 */
export interface PublishStatusAnswer {
  publish: PublishStatus | null;
  deploy_notifications?: boolean;
}
