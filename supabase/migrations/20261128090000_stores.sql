-- Issue 30: team and fundraiser stores. A store is a small catalogue with dates: the shop fixes
-- its designs (a product, the print locations with their artwork, the colours and sizes offered,
-- the store's own price and fundraising amount), the organiser approves them from a signed link,
-- buyers pay for their own pieces while it is open, and its close (a job of the sweep) turns the
-- paid buyer orders of every design that met the minimum into one production batch (an order of
-- its own), refunding or printing anyway the designs that missed it, as the store says.
-- Amounts are cents; times are instants (the admin types and shows them in the shop's time zone).

create table public.stores (
  id uuid primary key default gen_random_uuid(),
  -- The page's address: /stores/<slug>. A private store's slug carries a random tail.
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  organiser_name text not null check (char_length(btrim(organiser_name)) between 1 and 120),
  organiser_email text not null check (char_length(organiser_email) between 3 and 254),
  -- 'public': listed and indexed; 'private': reachable by its link only (noindex, not in the sitemap).
  visibility text not null default 'private' check (visibility in ('public', 'private')),
  -- scrypt hash of the optional store password (the same format as the admin password's).
  password_hash text,
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  -- Pieces a design must sell by the close to be printed.
  minimum_per_design integer not null default 24 check (minimum_per_design between 1 and 10000),
  -- What a design that missed its minimum does at the close.
  missed_minimum text not null default 'refund' check (missed_minimum in ('refund', 'print_anyway')),
  -- 'ship': each buyer's order is shipped to them; 'organiser': the batch goes to the organiser, bagged per buyer.
  delivery text not null default 'organiser' check (delivery in ('ship', 'organiser')),
  -- Days from the close to delivery, as buyers are told ("7–21 days after the store closes").
  delivery_days_min integer not null default 7 check (delivery_days_min between 0 and 90),
  delivery_days_max integer not null default 21 check (delivery_days_max between 0 and 120),
  -- draft → proof_sent (the organiser's approval link went out) → approved (opens at opens_at) → closed.
  status text not null default 'draft' check (status in ('draft', 'proof_sent', 'approved', 'closed')),
  approved_at timestamptz,
  -- The organiser may push the close back once, by up to 3 days, before it passes.
  extended_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint stores_dates check (closes_at > opens_at),
  constraint stores_delivery_days check (delivery_days_max >= delivery_days_min),
  constraint stores_approved check ((approved_at is not null) = (status in ('approved', 'closed'))),
  constraint stores_closed check ((closed_at is not null) = (status = 'closed'))
);

comment on table public.stores is
  'A team or fundraiser pop-up store (issue 30): dates, organiser, minimum per design and what a missed minimum does, delivery. Open while approved and opens_at <= now() < closes_at; a closed store never reopens (the owner runs a new one).';

create index stores_closing_idx on public.stores (closes_at) where status = 'approved';

create table public.store_designs (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references public.stores (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete restrict,
  position integer not null default 0,
  -- What buyers see ("Eagles Golf Tee, front logo").
  name text not null check (char_length(btrim(name)) between 1 and 120),
  -- The store's retail price of a piece (the shop's price lists price the batch, for its report).
  price_cents integer not null check (price_cents between 0 and 10000000),
  -- Raised for the organiser per piece: a fixed amount or a share (basis points) of the price, never both.
  fundraising_cents integer check (fundraising_cents between 0 and 10000000),
  fundraising_bp integer check (fundraising_bp between 0 and 10000),
  -- The colours and sizes offered (ids, a subset of the product's: JSON arrays, written as every
  -- jsonb column is); each buyer line picks one of each.
  color_ids jsonb not null default '[]' check (jsonb_typeof(color_ids) = 'array'),
  size_ids jsonb not null default '[]' check (jsonb_typeof(size_ids) = 'array'),
  -- Personalisation per piece: null when not offered, else its price and rules.
  -- name: { "price_cents": 500, "max_length": 12 }; number: { "price_cents": 300, "max_digits": 2 }.
  personalise_name jsonb,
  personalise_number jsonb,
  created_at timestamptz not null default now(),
  constraint store_designs_one_fundraising check (fundraising_cents is null or fundraising_bp is null)
);

comment on table public.store_designs is
  'A design of a store: a product with its print locations and artwork fixed by the shop (store_design_locations), the colours and sizes offered, the store''s price and fundraising per piece, and the personalisation it takes.';

create index store_designs_store_idx on public.store_designs (store_id, position);

create table public.store_design_locations (
  design_id uuid not null references public.store_designs (id) on delete cascade,
  -- A print location of the design's product (product_print_locations.code).
  code text not null,
  name text not null,
  artwork_id uuid references public.artwork (id) on delete set null,
  -- The inputs the location's price list prices by, for the batch's cost in the owner's report.
  colors integer check (colors between 1 and 40),
  stitches integer check (stitches between 1 and 1000000),
  print_size text,
  position integer not null default 0,
  primary key (design_id, code)
);

comment on table public.store_design_locations is
  'Where a store design is printed and with which artwork (fixed by the shop, approved by the organiser), with the pricing inputs of its list.';

-- A buyer's order names its store; the close's roll-up order names the store it batches, and every
-- buyer order it printed names it.
alter table public.orders
  add column store_id uuid references public.stores (id) on delete restrict,
  add column store_batch_of uuid unique references public.stores (id) on delete restrict,
  add column store_batch_order_id uuid references public.orders (id) on delete set null;

comment on column public.orders.store_id is 'The store a buyer''s order was placed in (issue 30); null for a shop order.';
comment on column public.orders.store_batch_of is
  'Set on the production batch of a store (one per store): the roll-up order its close made.';
comment on column public.orders.store_batch_order_id is 'The batch a store buyer''s order was printed in.';

create index orders_store_idx on public.orders (store_id) where store_id is not null;

alter table public.stores enable row level security;
alter table public.store_designs enable row level security;
alter table public.store_design_locations enable row level security;
