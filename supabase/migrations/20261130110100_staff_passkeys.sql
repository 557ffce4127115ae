-- Issue 45: a person may add passkeys (WebAuthn) and sign in with one instead of a password.
-- A passkey is its credential id, its public key (COSE), the signature counter it last showed,
-- how it can be reached (transports) and a name its person gave it. Every ceremony starts with
-- a challenge the server made: kept here until it is used once or expires.

create table public.staff_passkeys (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references public.staff_accounts (id) on delete cascade,
  credential_id text not null,
  public_key bytea not null,
  counter bigint not null default 0 check (counter >= 0),
  transports text[] not null default '{}',
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint staff_passkeys_name_length check (char_length(name) between 1 and 80),
  constraint staff_passkeys_credential_id_length check (char_length(credential_id) between 16 and 1400)
);

comment on table public.staff_passkeys is
  'A passkey a person added (WebAuthn): credential_id is base64url, public_key the COSE key, counter the last signature count seen (a lower one is refused), name what the person calls it.';

create unique index staff_passkeys_credential_key on public.staff_passkeys (credential_id);
create index staff_passkeys_staff_idx on public.staff_passkeys (staff_id);

alter table public.staff_passkeys enable row level security;
-- No policies: only the server reads or writes them.

create table public.webauthn_challenges (
  challenge text primary key,
  purpose text not null check (purpose in ('register', 'sign-in')),
  staff_id uuid references public.staff_accounts (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  -- Adding a passkey is for the signed-in person who asked; a sign-in names nobody until it succeeds.
  constraint webauthn_challenges_register_has_person check (purpose <> 'register' or staff_id is not null)
);

comment on table public.webauthn_challenges is
  'Challenges of passkey ceremonies (staff/passkeys.ts): each is deleted by the answer that uses it, so it works once, and refused after expires_at (five minutes).';

create index webauthn_challenges_expiry_idx on public.webauthn_challenges (expires_at);

alter table public.webauthn_challenges enable row level security;
-- No policies.
