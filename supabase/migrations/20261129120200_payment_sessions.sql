-- Issue 43: every payment session the shop opens is one row here, naming its owner, so a
-- provider's report (Stripe's webhook) or the test checkout's Pay finds what it pays with one
-- lookup by the provider's session id instead of probing combined payments, payment requests and
-- orders in turn (as Medusa's payment collection and Saleor's TransactionItem do). The owners
-- keep their own session columns (orders.payment_session_id, payment_requests.session_id,
-- combined_payments.session_id): the pages, refunds and reports still read them.

create table public.payment_sessions (
  id uuid primary key default gen_random_uuid(),
  provider text not null check (provider in ('stripe', 'embedded')),
  provider_session_id text not null unique,
  purpose text not null check (purpose in ('checkout', 'request', 'combined', 'store', 'invoice')),
  -- The owner: an order's own checkout (checkout, store), a payment request on an order
  -- (request, invoice), or a combined payment of several requests (combined).
  order_id uuid references public.orders (id) on delete cascade,
  payment_request_id uuid references public.payment_requests (id) on delete cascade,
  combined_payment_id uuid references public.combined_payments (id) on delete cascade,
  amount_cents bigint not null check (amount_cents >= 0),
  state text not null default 'open'
    check (state in ('open', 'processing', 'paid', 'failed', 'expired', 'cancelled')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payment_sessions_owner check (
    (purpose in ('checkout', 'store') and order_id is not null and payment_request_id is null
      and combined_payment_id is null)
    or (purpose in ('request', 'invoice') and order_id is not null and payment_request_id is not null
      and combined_payment_id is null)
    or (purpose = 'combined' and combined_payment_id is not null and order_id is null
      and payment_request_id is null)
  )
);

comment on table public.payment_sessions is
  'Every payment session the shop opened (docs/decisions/0029-deposits.md), one row each: provider_session_id is the provider''s (Stripe cs_..., the test checkout''s test_/testpay_/testpays_ ids); purpose and the owner ids say what it pays; amount_cents what it charges; state open -> processing (a bank payment settling) -> paid | failed, or expired | cancelled. Written by src/server/orders/payments/payment-sessions.ts.';

create index payment_sessions_order_idx on public.payment_sessions (order_id) where order_id is not null;
create index payment_sessions_request_idx on public.payment_sessions (payment_request_id)
  where payment_request_id is not null;
create index payment_sessions_combined_idx on public.payment_sessions (combined_payment_id)
  where combined_payment_id is not null;
alter table public.payment_sessions enable row level security;

-- Backfill: the sessions the owners name today. A session with a payment recorded is paid.
-- Combined payments first: their session id is also on each request they pay.
insert into public.payment_sessions
  (provider, provider_session_id, purpose, combined_payment_id, amount_cents, state, created_at)
select c.provider, c.session_id, 'combined', c.id, c.amount_cents,
       case when exists (select 1 from public.order_payments p where p.provider_session_id = c.session_id)
            then 'paid' else 'open' end,
       c.created_at
from public.combined_payments c
where c.session_id is not null
on conflict (provider_session_id) do nothing;

insert into public.payment_sessions
  (provider, provider_session_id, purpose, order_id, payment_request_id, amount_cents, state, created_at)
select case when r.session_id like 'testpay\_%' then 'embedded' else 'stripe' end,
       r.session_id, 'request', r.order_id, r.id, coalesce(r.session_amount_cents, 0),
       case when exists (select 1 from public.order_payments p where p.provider_session_id = r.session_id)
              then 'paid'
            when r.processing_since is not null then 'processing'
            else 'open' end,
       r.created_at
from public.payment_requests r
where r.session_id is not null
on conflict (provider_session_id) do nothing;

-- Requests' sessions that were paid and then forgotten by the request: their payment names them.
insert into public.payment_sessions
  (provider, provider_session_id, purpose, order_id, payment_request_id, amount_cents, state, created_at)
select p.provider, p.provider_session_id, 'request', p.order_id, p.request_id, p.amount_cents, 'paid', p.paid_at
from public.order_payments p
where p.request_id is not null
  and not exists (select 1 from public.combined_payments c where c.session_id = p.provider_session_id)
on conflict (provider_session_id) do nothing;

insert into public.payment_sessions
  (provider, provider_session_id, purpose, order_id, amount_cents, state, created_at)
select case when o.payment_provider in ('stripe', 'embedded') then o.payment_provider
            when o.payment_session_id like 'test\_%' then 'embedded' else 'stripe' end,
       o.payment_session_id,
       case when o.store_id is not null then 'store' else 'checkout' end,
       o.id,
       coalesce(o.deposit_cents, o.total_cents),
       case when o.status = 'paid' then 'paid'
            when o.status = 'cancelled' then 'expired'
            when o.expires_at is null then 'processing'
            else 'open' end,
       o.created_at
from public.orders o
where o.payment_session_id is not null
on conflict (provider_session_id) do nothing;

-- The stage column's comment named a file that moved.
comment on column public.orders.stage is
  'Where a paid job is in the shop (src/lib/orders/order-stages.ts); never null once the order is paid.';
