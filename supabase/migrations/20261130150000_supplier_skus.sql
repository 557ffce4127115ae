-- Issue 47: a product made from a supplier's style knows the supplier's SKU of each colour x size,
-- what one piece costs the shop and what it weighs. A variant may draw from several suppliers in
-- order (choice 1 first, then the fallbacks). Costs are the shop's own business: no public policy,
-- only the server (service role) reads the table.

create table public.supplier_skus (
  id uuid primary key default gen_random_uuid(),
  variant_id uuid not null references public.product_variants (id) on delete cascade,
  supplier text not null check (supplier in ('demo', 'ss-activewear', 'sanmar')),
  style_code text not null check (char_length(btrim(style_code)) between 1 and 64),
  sku text not null check (char_length(btrim(sku)) between 1 and 64),
  choice smallint not null default 1 check (choice between 1 and 9),
  cost_cents integer not null check (cost_cents >= 0),
  weight_oz numeric(10, 2) check (weight_oz is null or weight_oz >= 0),
  discontinued_at timestamptz,
  synced_at timestamptz,
  created_at timestamptz not null default now(),
  constraint supplier_skus_choice_key unique (variant_id, choice),
  constraint supplier_skus_sku_key unique (variant_id, supplier, sku)
);

comment on table public.supplier_skus is
  'The supplier SKU behind a product variant (colour x size): choice 1 is bought first, higher choices are fallbacks. cost_cents is one piece at the shop''s price; discontinued_at is set when the supplier stops listing the SKU; synced_at is the last sync that read it.';

create index supplier_skus_sku_idx on public.supplier_skus (supplier, sku);
create index supplier_skus_style_idx on public.supplier_skus (supplier, style_code);

alter table public.supplier_skus enable row level security;
