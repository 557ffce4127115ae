-- Mailing-list sign-ups, each with its personal welcome code.

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = btrim(email) and email like '_%@_%' and char_length(email) <= 320),
  discount_code_id uuid references public.discount_codes (id) on delete set null,
  created_at timestamptz not null default now(),
  unsubscribed_at timestamptz
);

comment on table public.newsletter_subscribers is
  'Mailing-list sign-ups (unique e-mail, case-insensitive). discount_code_id is the personal single-use 10% welcome code sent to this address. unsubscribed_at set = no longer mailed.';

create unique index newsletter_subscribers_email_lower_key on public.newsletter_subscribers (lower(email));
create index newsletter_subscribers_created_at_idx on public.newsletter_subscribers (created_at);

alter table public.newsletter_subscribers enable row level security;
-- No policies.
