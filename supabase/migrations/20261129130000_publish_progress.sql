-- Issue 44, item 9: a publish takes 60-95 s on a busy machine and the admin said only
-- "Publishing…". The status row now keeps what each publish holds and what waits for the next
-- (the kinds of change saved, as 'product', 'shop_settings', ...), and how long a publish
-- usually takes, so the admin can say "Building pages - 40 s so far, usually about 70 s".
-- The table keeps its RLS (server only); new columns need no policy.

alter table public.publish_status
  add column if not exists building text[] not null default '{}',
  add column if not exists waiting text[] not null default '{}',
  add column if not exists usual_ms integer check (usual_ms is null or usual_ms >= 0);

comment on column public.publish_status.building is
  'The changes (one entry per save, by kind) the publish under way includes.';
comment on column public.publish_status.waiting is
  'The changes saved since, which the next publish will include (at most 200 kept).';
comment on column public.publish_status.usual_ms is
  'How long a local publish usually takes: the running mean of the last runs that went live.';
