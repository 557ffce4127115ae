-- Issue 29: deposits on quotes. The owner sets on each quote revision the share of the total the
-- customer pays on Accept (100: the whole quote, as before) and when the balance is asked: when
-- the job is ready (ready for pickup or shipped) or before printing ("paid in full before
-- printing", which also holds production until nothing is owed). The order a quote becomes keeps
-- both: deposit_cents is what its checkout charges (null: the total) and balance_due its terms.

alter table public.quote_revisions
  add column deposit_percent integer not null default 100 check (deposit_percent between 1 and 100),
  add column balance_due text not null default 'ready' check (balance_due in ('ready', 'before_production'));

comment on column public.quote_revisions.deposit_percent is
  'Share of the total paid on Accept, in percent (100: the whole quote). The rest is asked by a payment request.';
comment on column public.quote_revisions.balance_due is
  'When the balance is asked: ready (the job is ready for pickup or shipped) or before_production (paid in full before printing; production waits for it).';

alter table public.orders
  add column deposit_cents integer check (deposit_cents > 0),
  add column balance_due text check (balance_due in ('ready', 'before_production'));

alter table public.orders
  add constraint orders_deposit_has_terms check ((deposit_cents is null) = (balance_due is null));

comment on column public.orders.deposit_cents is
  'What the order''s own checkout charges when it is a deposit (a quote accepted with a deposit); null: the whole total.';
comment on column public.orders.balance_due is
  'A deposit order''s terms: ready (the balance is asked when the job is ready for pickup or shipped) or before_production (asked when the proof is approved; production waits until nothing is owed). Null: paid in full at checkout.';
