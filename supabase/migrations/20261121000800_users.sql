-- People known to the shop: customers (by e-mail) and admins.

create table public.users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = btrim(email) and email like '_%@_%'),
  full_name text,
  role text not null default 'customer' check (role in ('admin', 'customer')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.users is
  'Customers and admins. E-mail is unique case-insensitively. The admin back office signs in with a password, not a user row; admin rows are for display and ownership.';

create unique index users_email_lower_key on public.users (lower(email));
create index users_role_idx on public.users (role);
create index users_created_at_idx on public.users (created_at);

create trigger users_set_updated_at
  before update on public.users
  for each row execute function public.set_updated_at();

alter table public.users enable row level security;
-- No policies: personal data is read by the server only.
