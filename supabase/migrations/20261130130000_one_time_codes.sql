-- Issue 48: one-time codes e-mailed to an address, a generic primitive (src/server/auth/one-time-codes.ts).
-- Customers sign in to "My orders" with one now (purpose 'customer'); staff sign-in may use one
-- later (purpose 'staff'). One live code per purpose and address: asking again replaces it.
-- Only a keyed hash of the code is kept; it lives 10 minutes, allows 5 tries and opens once.

create table public.one_time_codes (
  purpose text not null check (purpose in ('customer', 'staff')),
  email text not null check (email = lower(btrim(email)) and char_length(email) between 3 and 254),
  code_hash text not null check (char_length(code_hash) between 16 and 128),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  tries smallint not null default 0 check (tries >= 0),
  used_at timestamptz,
  primary key (purpose, email)
);

comment on table public.one_time_codes is
  'The live one-time code of one address for one purpose (customer, staff): an HMAC of the code (never the code), its expiry (10 minutes), the wrong tries made on it (5 allowed) and when it was used (once). Asking again replaces the row.';

create index one_time_codes_expires_idx on public.one_time_codes (expires_at);

alter table public.one_time_codes enable row level security;
-- No policies: only the server issues and checks codes.
