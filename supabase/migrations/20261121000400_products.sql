-- Products, the colours and sizes each one is offered in, and stock per colour x size.

create table public.products (
  id uuid primary key default gen_random_uuid(),
  collection_id uuid not null references public.collections (id) on delete restrict,
  name text not null check (char_length(btrim(name)) between 1 and 160),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  sku text unique check (sku is null or char_length(btrim(sku)) between 1 and 64),
  product_type text,
  description text not null default '',
  price_cents integer not null check (price_cents >= 0),
  stock_qty integer check (stock_qty is null or stock_qty >= 0),
  image_main_url text,
  image_secondary_url text,
  weight_oz numeric(10, 2) check (weight_oz is null or weight_oz >= 0),
  length_in numeric(10, 2) check (length_in is null or length_in >= 0),
  width_in numeric(10, 2) check (width_in is null or width_in >= 0),
  height_in numeric(10, 2) check (height_in is null or height_in >= 0),
  stripe_buy_button_id text,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.products is
  'Sellable catalogue items. description is multi-line: first line is the intro, further non-empty lines are highlights. stock_qty applies only to products without variants (null = not tracked); products with colours and/or sizes keep stock in product_variants. stripe_buy_button_id lists the product on /buy.';
comment on column public.products.stock_qty is
  'Stock for products that have no colours and no sizes; null means stock is not tracked (made to order).';
comment on column public.products.stripe_buy_button_id is
  'Stripe Buy Button id (buy_btn_...); products with one are listed on the /buy page.';

create index products_collection_idx on public.products (collection_id, sort_order);
create index products_active_sort_idx on public.products (sort_order, name) where is_active;
create index products_buy_button_idx on public.products (sort_order) where stripe_buy_button_id is not null;

create trigger products_set_updated_at
  before update on public.products
  for each row execute function public.set_updated_at();

alter table public.products enable row level security;

create policy products_public_read on public.products
  for select to public using (is_active);

create table public.product_colors (
  product_id uuid not null references public.products (id) on delete cascade,
  color_id uuid not null references public.colors (id) on delete restrict,
  primary key (product_id, color_id)
);

comment on table public.product_colors is
  'Colours a product is offered in. Deleting a colour that is still offered is refused.';

create index product_colors_color_idx on public.product_colors (color_id);

alter table public.product_colors enable row level security;

create policy product_colors_public_read on public.product_colors
  for select to public
  using (exists (select 1 from public.products p where p.id = product_id and p.is_active));

create table public.product_sizes (
  product_id uuid not null references public.products (id) on delete cascade,
  size_id uuid not null references public.sizes (id) on delete restrict,
  primary key (product_id, size_id)
);

comment on table public.product_sizes is
  'Sizes a product is offered in. Deleting a size that is still offered is refused.';

create index product_sizes_size_idx on public.product_sizes (size_id);

alter table public.product_sizes enable row level security;

create policy product_sizes_public_read on public.product_sizes
  for select to public
  using (exists (select 1 from public.products p where p.id = product_id and p.is_active));

create table public.product_variants (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  color_id uuid references public.colors (id) on delete restrict,
  size_id uuid references public.sizes (id) on delete restrict,
  stock_qty integer not null check (stock_qty >= 0),
  constraint product_variants_combo_key unique nulls not distinct (product_id, color_id, size_id)
);

comment on table public.product_variants is
  'Stock per colour x size of a product. color_id is null for products without colours, size_id null for products without sizes. Decrement with a conditional update (stock_qty >= n) so stock never goes negative.';

create index product_variants_color_idx on public.product_variants (color_id);
create index product_variants_size_idx on public.product_variants (size_id);

alter table public.product_variants enable row level security;

create policy product_variants_public_read on public.product_variants
  for select to public
  using (exists (select 1 from public.products p where p.id = product_id and p.is_active));
