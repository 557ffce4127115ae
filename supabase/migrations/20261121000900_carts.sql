-- Server-side carts (synced from the browser when the logged-in flag is on).

create table public.carts (
  id uuid primary key default gen_random_uuid(),
  items jsonb not null default '[]'::jsonb check (jsonb_typeof(items) = 'array'),
  discount_code text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.carts is
  'A browser cart mirrored on the server. items holds the cart lines as sent ([{productId, colorId, sizeId, quantity, ...}]); prices in it are never trusted, checkout re-prices from products.';

create index carts_updated_at_idx on public.carts (updated_at);

create trigger carts_set_updated_at
  before update on public.carts
  for each row execute function public.set_updated_at();

alter table public.carts enable row level security;
-- No policies: carts are reached through the server API only.
