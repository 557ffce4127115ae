-- Issue 29: business accounts check out on account with a purchase order, and the order they
-- place carries a numbered invoice. An on-account checkout is a pending order like any other
-- (its stock held, swept when it lapses) whose "payment page" is a confirmation link e-mailed to
-- the account's address: only a person who reads that mailbox can bill the account. Confirming
-- places the order (status paid: placed, its checkout's terms met, nothing received) and issues
-- the invoice. What an invoice still owes is never stored: it is the order's balance.

alter table public.orders
  add column account_id uuid references public.business_accounts (id) on delete restrict,
  add column po_number text check (po_number is null or char_length(btrim(po_number)) between 1 and 60),
  add constraint orders_po_on_account check ((po_number is null) = (account_id is null));

comment on column public.orders.account_id is
  'The business account an on-account checkout bills (payment_provider = ''account''); null for a card or test checkout.';
comment on column public.orders.po_number is
  'The customer''s purchase order number, given at an on-account checkout (always with account_id).';

create index orders_account_idx on public.orders (account_id) where account_id is not null;

create sequence public.invoice_number_seq start with 1001;

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  -- Shown as "INV-1001": numbered in issue order, never reused.
  number integer not null unique default nextval('public.invoice_number_seq'),
  order_id uuid not null unique references public.orders (id) on delete cascade,
  account_id uuid not null references public.business_accounts (id) on delete restrict,
  po_number text not null check (char_length(btrim(po_number)) between 1 and 60),
  -- The account's terms when the invoice was issued (a later change of terms does not move it).
  terms text not null check (terms in ('due_on_receipt', 'net_15', 'net_30')),
  issued_at timestamptz not null default now(),
  due_on date not null,
  -- The last overdue reminder queued (weekly while the invoice is overdue and owes).
  reminded_at timestamptz,
  constraint invoices_due_after_issue check (due_on >= (issued_at at time zone 'UTC')::date)
);

alter sequence public.invoice_number_seq owned by public.invoices.number;

comment on table public.invoices is
  'The bill of an order placed on account: number (INV-<number>), the PO, the account''s terms at issue and the due date. Lines, payments and the balance are the order''s own (never copied): an invoice is open while its order owes. reminded_at: the last overdue reminder.';

create index invoices_account_idx on public.invoices (account_id, due_on);
alter table public.invoices enable row level security;
