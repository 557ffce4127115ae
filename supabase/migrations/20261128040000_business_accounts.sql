-- Business accounts (docs/decisions/0029-deposits.md): a school, team or company the owner gives payment terms, a
-- credit limit and tax exemption. An account matches one e-mail address or every address at a
-- domain (the exact address wins over the domain: src/lib/business-accounts.ts). Only the
-- foundation: on-account checkout, invoices and receivables build on it later.

create table public.business_accounts (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  -- Exactly one of email / domain, stored lower-case (A-Z folded, as mailbox_key does); each is unique, so one value names one account.
  email text check (
    email !~ '[A-Z]' and char_length(email) <= 254 and email ~ '^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$'
  ),
  domain text check (
    domain = lower(domain)
    and char_length(domain) <= 253
    and domain ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$'
  ),
  terms text not null default 'due_on_receipt' check (terms in ('due_on_receipt', 'net_15', 'net_30')),
  credit_limit_cents integer not null default 0 check (credit_limit_cents between 0 and 100000000),
  tax_exempt boolean not null default false,
  -- The uploaded resale or exemption certificate. An exempt account may exist before its file
  -- arrives (the admin says the certificate is missing); a non-exempt one keeps none.
  exemption_certificate_artwork_id uuid references public.artwork (id) on delete set null,
  notes text check (notes is null or char_length(notes) <= 2000),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint business_accounts_one_match check ((email is null) <> (domain is null)),
  constraint business_accounts_certificate_when_exempt check (
    tax_exempt or exemption_certificate_artwork_id is null
  ),
  constraint business_accounts_email_key unique (email),
  constraint business_accounts_domain_key unique (domain)
);

comment on table public.business_accounts is
  'A customer the owner bills on terms: matched by one e-mail address or every address at a domain (lower-case; an exact address wins over a domain, a sub-domain does not match its parent). terms: due_on_receipt, net_15, net_30. credit_limit_cents: how much may be owed on account. tax_exempt with exemption_certificate_artwork_id (null: certificate not on file yet). Inactive accounts are kept for history and match nothing.';

create trigger business_accounts_set_updated_at
  before update on public.business_accounts
  for each row execute function public.set_updated_at();

-- Who buys on terms is the owner's business: no public policy, the server reads and writes.
alter table public.business_accounts enable row level security;
