-- Quantity price tiers and a minimum order quantity (docs/decisions/0015-print-ordering.md): a
-- print shop's price per piece drops as the pieces of one design grow (1-11, 12-23, 24-47, ...),
-- and some jobs are not run below a minimum (stickers by the 50). src/lib/pricing.ts is the one
-- place that turns these into money, for the product page, the cart and checkout alike.

alter table public.products
  add column minimum_quantity integer not null default 1 check (minimum_quantity between 1 and 100000);

comment on column public.products.minimum_quantity is
  'Fewest pieces of this product (one colour and design, sizes added up) an order line may have; 1 = no minimum.';

create table public.product_price_tiers (
  product_id uuid not null references public.products (id) on delete cascade,
  min_quantity integer not null check (min_quantity between 1 and 100000),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  primary key (product_id, min_quantity)
);

comment on table public.product_price_tiers is
  'Price per piece from min_quantity pieces on (up to the next tier''s min_quantity - 1). Pieces are counted per order line: one product in one colour, all sizes together. Below the lowest tier, or with no tiers, a piece costs products.price_cents.';

alter table public.product_price_tiers enable row level security;

create policy product_price_tiers_public_read on public.product_price_tiers
  for select to public
  using (exists (select 1 from public.products p where p.id = product_id and p.is_active));
