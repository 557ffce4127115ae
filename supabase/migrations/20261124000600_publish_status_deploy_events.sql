-- Netlify's deploy notifications (POST /api/netlify/deploy-events) now move the publish_status row
-- past 'requested': only the table's description changes, so the schema of record says so.

comment on table public.publish_status is
  'The one row (id = true) saying whether the last admin save is on the storefront yet. state: queued (waiting for the debounce), running (local rebuild, or a Netlify production deploy, under way), succeeded (live; live_since = when the last successful rebuild or Netlify deploy went live), failed (error holds the build''s message; the previous pages stay), requested (the Netlify build hook accepted it at finished_at; Netlify''s signed deploy notifications, when configured, then report running and succeeded/failed), unavailable (nothing rebuilds in this process). updated_at orders deliveries: a Netlify event older than it is not applied.';
