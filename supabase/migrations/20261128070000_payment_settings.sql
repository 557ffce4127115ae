-- Issue 29: the shop's payment settings the owner edits (admin tab Payments), one row (id = true,
-- as publish_status): the deposit share a new quote starts at, and the amount from which a
-- payment request's Stripe page also offers bank transfer (ACH Direct Debit).

create table public.payment_settings (
  id boolean primary key default true check (id),
  -- What the quote editor's "Deposit on Accept (%)" starts at for a new quote.
  default_deposit_percent integer not null default 50 check (default_deposit_percent between 1 and 100),
  -- A request's payment page offers bank transfer when it asks at least this much; null: never.
  bank_transfer_min_cents integer check (bank_transfer_min_cents between 0 and 100000000),
  updated_at timestamptz not null default now()
);

comment on table public.payment_settings is
  'The one row (id = true) of the owner''s payment settings: default_deposit_percent (1-100) is where a new quote''s deposit share starts; bank_transfer_min_cents is the amount from which a payment request''s Stripe Checkout also offers ACH Direct Debit (us_bank_account), null for never.';

alter table public.payment_settings enable row level security;

insert into public.payment_settings (id) values (true) on conflict (id) do nothing;
