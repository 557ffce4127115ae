-- Admin sign-in throttling and token revocation.

create table public.login_attempts (
  id uuid primary key default gen_random_uuid(),
  client_key text not null,
  succeeded boolean not null,
  attempted_at timestamptz not null default now()
);

comment on table public.login_attempts is
  'Admin login attempts per client (e.g. hashed IP), counted over a sliding window to throttle password guessing (429 with Retry-After). Old rows can be purged.';

create index login_attempts_client_time_idx on public.login_attempts (client_key, attempted_at);
create index login_attempts_attempted_at_idx on public.login_attempts (attempted_at);

alter table public.login_attempts enable row level security;
-- No policies.

create table public.admin_token_revocations (
  jti text primary key,
  expires_at timestamptz not null
);

comment on table public.admin_token_revocations is
  'Ids (jti) of admin tokens revoked before they expire (logout). A row can be deleted once expires_at has passed, since the token is refused then anyway.';

create index admin_token_revocations_expires_at_idx on public.admin_token_revocations (expires_at);

alter table public.admin_token_revocations enable row level security;
-- No policies.
