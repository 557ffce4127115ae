-- Production stages and the order timeline (docs/decisions/0016-order-workflow.md). orders.status
-- stays the payment's state; orders.stage is where a paid job is in the shop
-- (src/lib/order-stages.ts holds the moves; null on an order that has not been moved yet: it starts
-- where stageOnPayment says). Every move is one row of order_events: when, who, from and to, and a comment.

alter table public.orders
  add column stage text check (stage in (
    'paid', 'awaiting_artwork', 'proof_sent', 'changes_requested', 'approved',
    'in_production', 'shipped', 'ready_for_pickup', 'completed'
  ));

create table public.order_events (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  created_at timestamptz not null default now(),
  actor text not null check (actor in ('owner', 'customer', 'system')),
  from_stage text,
  to_stage text not null,
  comment text check (comment is null or char_length(comment) <= 2000)
);

comment on table public.order_events is
  'The order timeline: one row per production move (from_stage -> to_stage), by the owner, the customer (through a signed link) or the system, with an optional comment.';

create index order_events_order_idx on public.order_events (order_id, created_at);

alter table public.order_events enable row level security;
-- No policies: read and written by the server only.
