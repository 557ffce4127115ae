-- Promo codes: fixed amount, percentage, free shipping; optionally limited or personal.

create table public.discount_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null check (code = btrim(code) and char_length(code) between 1 and 64),
  name text not null,
  type text not null check (type in ('fixed', 'percentage', 'free_shipping')),
  amount_cents integer not null default 0 check (amount_cents >= 0),
  is_active boolean not null default true,
  max_uses integer check (max_uses is null or max_uses > 0),
  total_uses integer not null default 0 check (total_uses >= 0),
  email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint discount_codes_percentage_range check (type <> 'percentage' or amount_cents <= 10000),
  constraint discount_codes_within_max_uses check (max_uses is null or total_uses <= max_uses)
);

comment on table public.discount_codes is
  'Promo codes, matched case-insensitively. fixed: amount_cents off (capped at the subtotal); percentage: amount_cents/10000 of the subtotal (1000 = 10%); free_shipping: shipping waived, amount_cents unused. Redeem with a conditional update (total_uses < max_uses) so a limited code is never over-used. email set = a personal single-use code (newsletter welcome).';
comment on column public.discount_codes.amount_cents is
  'fixed: cents off; percentage: basis points (1000 = 10%); free_shipping: 0.';

create unique index discount_codes_code_upper_key on public.discount_codes (upper(code));
create index discount_codes_email_idx on public.discount_codes (lower(email)) where email is not null;

create trigger discount_codes_set_updated_at
  before update on public.discount_codes
  for each row execute function public.set_updated_at();

alter table public.discount_codes enable row level security;
-- No policies: codes are validated by the server only, never listed to the public.
