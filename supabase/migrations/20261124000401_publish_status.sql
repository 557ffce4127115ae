-- Where the public pages stand after an admin save: one row, written by whichever process ran or
-- requested the rebuild and read by the admin's status poll, so two function instances agree.

create table public.publish_status (
  id boolean primary key default true check (id),
  state text not null check (state in ('queued', 'running', 'succeeded', 'failed', 'requested', 'unavailable')),
  requested_at timestamptz not null,
  started_at timestamptz,
  finished_at timestamptz,
  live_since timestamptz,
  error text check (error is null or char_length(error) <= 1000),
  updated_at timestamptz not null default now()
);

comment on table public.publish_status is
  'The one row (id = true) saying whether the last admin save is on the storefront yet. state: queued (waiting for the debounce), running (local rebuild under way), succeeded (swapped in at finished_at), failed (error holds the build''s message; the previous pages stay), requested (the Netlify build hook accepted it at finished_at; Netlify builds and deploys without telling us), unavailable (nothing rebuilds in this process). live_since = when the last successful local rebuild went live.';

alter table public.publish_status enable row level security;
-- No policies: read and written by the server only.
