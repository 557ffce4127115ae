-- Issue 45, "Names on everything": every timeline event, proof, refund, payment request, stage
-- move and price-list save names the staff account that did it; product saves and store actions
-- are kept in staff_activity. What was done before staff (under the one shared password) was
-- done by the owner: it is given the Owner account of today's password, so it reads "by the owner".
-- People are removed softly: their row stays (so their name stays on what they did), they cannot
-- sign in, and their e-mail address may be invited again.

-- Who did it. On the timeline only the back office's events (actor 'owner') name a person.
alter table public.order_events add column staff_id uuid references public.staff_accounts (id);
alter table public.order_events
  add constraint order_events_staff_is_back_office check (staff_id is null or actor = 'owner');
comment on column public.order_events.staff_id is
  'The staff account that did it (actor owner: the back office); null for the customer and the system.';
create index order_events_staff_time_idx on public.order_events (staff_id, created_at) where staff_id is not null;
create index order_events_time_idx on public.order_events (created_at);

alter table public.order_proofs add column staff_id uuid references public.staff_accounts (id);
comment on column public.order_proofs.staff_id is 'The staff account that sent the proof.';
alter table public.order_refunds add column staff_id uuid references public.staff_accounts (id);
comment on column public.order_refunds.staff_id is 'The staff account that gave the money back; null for refunds found in Stripe.';
alter table public.payment_requests add column staff_id uuid references public.staff_accounts (id);
comment on column public.payment_requests.staff_id is 'The staff account that asked for the payment.';
alter table public.price_list_versions add column staff_id uuid references public.staff_accounts (id);
comment on column public.price_list_versions.staff_id is 'The staff account that saved this version.';
create index price_list_versions_time_idx on public.price_list_versions (created_at);

-- Before staff, the owner did all of it.
update public.order_events
set staff_id = (select id from public.staff_accounts where uses_shop_password)
where actor = 'owner';
update public.order_proofs set staff_id = (select id from public.staff_accounts where uses_shop_password);
update public.order_refunds
set staff_id = (select id from public.staff_accounts where uses_shop_password)
where source = 'admin';
update public.payment_requests set staff_id = (select id from public.staff_accounts where uses_shop_password);
update public.price_list_versions set staff_id = (select id from public.staff_accounts where uses_shop_password);

-- What the back office did outside orders: product saves and store actions, in words.
create table public.staff_activity (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references public.staff_accounts (id),
  kind text not null check (kind in ('product', 'store')),
  subject_id uuid,
  words text not null check (char_length(words) between 1 and 500),
  created_at timestamptz not null default now()
);

comment on table public.staff_activity is
  'Product saves and store actions, each with the staff account that did it, for the owner''s activity log (order events and price-list versions name their person themselves). Written by the server only.';

create index staff_activity_time_idx on public.staff_activity (created_at);
create index staff_activity_staff_time_idx on public.staff_activity (staff_id, created_at);

alter table public.staff_activity enable row level security;
-- No policies: only the server reads or writes it.

-- Soft removal.
alter table public.staff_accounts drop constraint staff_accounts_status_check;
alter table public.staff_accounts
  add constraint staff_accounts_status_check check (status in ('invited', 'active', 'suspended', 'removed'));
alter table public.staff_accounts add column removed_at timestamptz;
alter table public.staff_accounts
  add constraint staff_accounts_removed_when check ((status = 'removed') = (removed_at is not null));
comment on column public.staff_accounts.removed_at is
  'When the owner removed the person: the row stays so their name stays on what they did; they cannot sign in.';

drop index public.staff_accounts_email_key;
create unique index staff_accounts_email_key on public.staff_accounts (lower(email))
  where email is not null and status <> 'removed';
