-- The date the customer needs the order in hand (docs/decisions/0016-order-workflow.md), asked at
-- checkout (optional). The owner's work queue flags orders due within three days and not yet handed
-- over, and overdue ones.

alter table public.orders add column in_hands_date date;

comment on column public.orders.in_hands_date is
  'When the customer needs the order in hand (asked at checkout, optional); the work queue flags it as it nears.';

create index orders_queue_idx on public.orders (status, stage) where status = 'paid';
