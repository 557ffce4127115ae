-- Payment-provider webhook deliveries already seen, for idempotent handling.

create table public.webhook_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);

comment on table public.webhook_events is
  'Provider event ids (Stripe evt_...) already received. Insert ... on conflict do nothing before handling: a redelivered event is acknowledged without being applied twice. processed_at null = received but handling did not finish.';

create index webhook_events_received_at_idx on public.webhook_events (received_at);

alter table public.webhook_events enable row level security;
-- No policies.
