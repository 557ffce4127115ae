/**
 * GET /api/admin/publish-status: whether the last admin save is on the storefront yet.
 * queued/running: publishing; succeeded: live since `live_since`; failed: `error` holds the
 * build's message and the previous pages stay up; requested: the Netlify build hook accepted the
 * build at `finished_at` (Netlify builds and deploys it without reporting back); unavailable:
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
}

/** `publish` is null until the first save that changes the public pages. */
export interface PublishStatusAnswer {
  publish: PublishStatus | null;
}
