-- Per-client request counts for the public forms (contact, newsletter), in fixed windows.
--
-- Serverless instances share no memory, so the counts live here. One row per client and
-- window: the first request of a window inserts it, later ones bump `hits` with an upsert, which
-- is atomic under concurrency. client_key is a hash of the client IP and the route, never the IP
-- itself. Rows of past windows are useless and are deleted as new windows start.

create table public.request_throttle (
  client_key text not null check (char_length(client_key) between 1 and 128),
  window_start timestamptz not null,
  hits integer not null default 1 check (hits >= 1),
  primary key (client_key, window_start)
);

comment on table public.request_throttle is
  'Requests per client (client_key = hash of IP + route) per fixed window starting at window_start; past the limit the form endpoints answer 429 with Retry-After. Rows of windows that have ended are purged.';

create index request_throttle_window_start_idx on public.request_throttle (window_start);

alter table public.request_throttle enable row level security;
-- No policies: only the server counts requests.
