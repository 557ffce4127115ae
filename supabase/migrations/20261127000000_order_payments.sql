-- Issue 29, first slice: an order's payments are rows of their own, and the owner can ask the
-- customer for money on an order (a payment request). What is owed is never stored: it is
-- total - paid + refunded, derived from these rows and the order's refunded_cents.

create table public.payment_requests (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('balance', 'share', 'amount')),
  share_percent integer check (share_percent between 1 and 100),
  amount_cents integer check (amount_cents > 0),
  note text check (note is null or char_length(note) <= 500),
  status text not null default 'open' check (status in ('open', 'paid', 'cancelled')),
  session_id text unique,
  session_amount_cents integer check (session_amount_cents > 0),
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  cancelled_at timestamptz,
  constraint payment_requests_kind_shape check (
    (kind = 'balance' and share_percent is null and amount_cents is null)
    or (kind = 'share' and share_percent is not null and amount_cents is null)
    or (kind = 'amount' and amount_cents is not null and share_percent is null)),
  constraint payment_requests_paid_has_paid_at check (status <> 'paid' or paid_at is not null),
  constraint payment_requests_cancelled_has_cancelled_at check (status <> 'cancelled' or cancelled_at is not null),
  constraint payment_requests_session_with_amount check ((session_id is null) = (session_amount_cents is null))
);

comment on table public.payment_requests is
  'The owner asks for money on an order: the balance, a share of the total in percent, or a fixed amount, with a note. What it asks is recomputed from the order whenever it is shown or paid (never more than the balance). open -> paid | cancelled. session_id is the checkout session last opened for it and session_amount_cents what that session charges.';

create index payment_requests_order_idx on public.payment_requests (order_id, created_at);
alter table public.payment_requests enable row level security;

create table public.order_payments (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  request_id uuid references public.payment_requests (id) on delete set null,
  amount_cents integer not null check (amount_cents > 0),
  method text not null check (method in ('card', 'test')),
  provider text not null check (provider in ('stripe', 'embedded')),
  provider_session_id text not null unique,
  payment_intent_id text,
  paid_at timestamptz not null default now()
);

comment on table public.order_payments is
  'Money received for an order, one row per paid checkout session (the order''s own checkout, or a payment request''s). provider_session_id is unique, so a replayed or duplicated report records nothing.';

create index order_payments_order_idx on public.order_payments (order_id, paid_at);
create unique index order_payments_one_per_request on public.order_payments (request_id) where request_id is not null;
alter table public.order_payments enable row level security;

-- Every order paid before this: one payment of what its checkout collected.
insert into public.order_payments (order_id, amount_cents, method, provider, provider_session_id, payment_intent_id, paid_at)
select o.id, o.total_cents,
       case when o.payment_provider = 'stripe' then 'card' else 'test' end,
       case when o.payment_provider = 'stripe' then 'stripe' else 'embedded' end,
       coalesce(o.payment_session_id, 'backfill_' || o.id::text),
       o.payment_intent_id, o.paid_at
  from public.orders o
 where o.paid_at is not null and o.total_cents > 0
on conflict (provider_session_id) do nothing;

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('payment-request',
   'A payment of {{amount}} for order {{orderNumber}}',
   E'Hi {{customerName}},\n\nWe ask for {{amount}} ({{what}}) on order {{orderNumber}}.\n\n{{note}}\n\nSee what is owed and pay here: {{orderUrl}}\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>We ask for <strong>{{amount}}</strong> ({{what}}) on order <strong>{{orderNumber}}</strong>.</p><p>{{note}}</p><p><a href="{{orderUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">See what is owed and pay</a></p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'amount', 'what', 'note', 'orderUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
