-- Issue 29: a customer with several open payment requests (one e-mail address) pays them
-- together: one checkout session for several requests, on one or more orders. The session is
-- remembered with what it charges for each request, so the payment is recorded exactly as it
-- was opened (all or nothing), and each request gets a payment row of its own on its order.

create table public.combined_payments (
  id uuid primary key default gen_random_uuid(),
  -- The customer whose payer link opened it (users row; their orders match its e-mail).
  user_id uuid not null references public.users (id) on delete cascade,
  provider text not null check (provider in ('stripe', 'embedded')),
  -- The provider's session, set once it answers; null until then.
  session_id text unique,
  amount_cents integer not null check (amount_cents > 0),
  created_at timestamptz not null default now()
);

comment on table public.combined_payments is
  'One checkout session that pays several payment requests of one customer together (docs/decisions/0029-deposits.md). amount_cents is what the session charges: the sum of its requests'' amounts.';

create index combined_payments_user_idx on public.combined_payments (user_id, created_at);
alter table public.combined_payments enable row level security;

create table public.combined_payment_requests (
  combined_payment_id uuid not null references public.combined_payments (id) on delete cascade,
  request_id uuid not null references public.payment_requests (id) on delete cascade,
  order_id uuid not null references public.orders (id) on delete cascade,
  -- What the session charges for this request: what it asked when the session was opened.
  amount_cents integer not null check (amount_cents > 0),
  primary key (combined_payment_id, request_id)
);

comment on table public.combined_payment_requests is
  'The requests a combined payment pays and what it charges for each. Recorded only if every one is still open and still asks that amount; else the whole payment is refused.';

create index combined_payment_requests_request_idx on public.combined_payment_requests (request_id);
alter table public.combined_payment_requests enable row level security;

-- One session may now pay several requests: a request's session_id is shared by the requests
-- of a combined payment, and a session records one payment per request. A replayed report still
-- records nothing: the checkout's own payment is one per session, a request's one per request
-- (order_payments_one_per_request), and one session pays a request at most once.
alter table public.payment_requests drop constraint payment_requests_session_id_key;
create index payment_requests_session_idx on public.payment_requests (session_id) where session_id is not null;

alter table public.order_payments drop constraint order_payments_provider_session_id_key;
create unique index order_payments_checkout_session_key on public.order_payments (provider_session_id)
  where request_id is null;
create unique index order_payments_session_request_key on public.order_payments (provider_session_id, request_id)
  where request_id is not null;
create index order_payments_session_idx on public.order_payments (provider_session_id);

comment on table public.order_payments is
  'Money received for an order: one row per paid checkout session of the order, one per payment request paid (a combined session pays several requests: one row each). A replayed or duplicated report records nothing.';
