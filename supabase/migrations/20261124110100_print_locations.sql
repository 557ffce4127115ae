-- Print locations (docs/decisions/0015-print-ordering.md): where a product can be printed (front,
-- back, left and right sleeve; for signs single or double sided), each with a price per piece and a
-- one-time setup fee (the screen) charged once per location per design on an order. src/lib/pricing.ts turns them into
-- money for the cart and for checkout alike.

create table public.product_print_locations (
  product_id uuid not null references public.products (id) on delete cascade,
  code text not null check (code ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(code) <= 40),
  name text not null check (char_length(btrim(name)) between 1 and 80),
  price_cents_per_piece integer not null check (price_cents_per_piece >= 0),
  setup_fee_cents integer not null default 0 check (setup_fee_cents >= 0),
  sort_order integer not null default 0,
  primary key (product_id, code)
);

comment on table public.product_print_locations is
  'Where a product can be printed. A chosen location adds price_cents_per_piece to every piece of the design and setup_fee_cents once per design (an order line: one product, one colour, one set of locations and artwork, sizes together).';

alter table public.product_print_locations enable row level security;

create policy product_print_locations_public_read on public.product_print_locations
  for select to public
  using (exists (select 1 from public.products p where p.id = product_id and p.is_active));
