-- The owner's price lists (docs/decisions/0027-price-lists.md, DESIGN.md "Price lists"): one row per list with the
-- method's data (src/lib/pricing/lists.ts is its shape, checked on every save), and every saved
-- version kept, so an order line that keeps (list id, version) reproduces its price later.

create table public.price_lists (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (char_length(btrim(name)) between 1 and 120),
  method text not null check (
    method in ('screen_print', 'embroidery', 'dtg', 'dtf', 'heat_transfer', 'flat', 'garment', 'area', 'turnaround')
  ),
  version integer not null default 1 check (version >= 1),
  data jsonb not null check (jsonb_typeof(data) = 'object' and data ->> 'method' = method),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.price_lists is
  'A price list the owner edits: quantity bands by the method''s second input (ink colours, stitch bands, print sizes, materials), fees, size upcharges or turnaround. data is the current version; every save adds a price_list_versions row and bumps version.';

create trigger price_lists_set_updated_at
  before update on public.price_lists
  for each row execute function public.set_updated_at();

create table public.price_list_versions (
  price_list_id uuid not null references public.price_lists (id) on delete cascade,
  version integer not null check (version >= 1),
  data jsonb not null,
  created_at timestamptz not null default now(),
  primary key (price_list_id, version)
);

comment on table public.price_list_versions is
  'Every saved version of a price list (the first save included), so an order line keeping (price_list_id, version) prices the same way later. Written by the server only.';

-- A list keeps its method: products and print locations link to it by what it prices.
create or replace function public.price_list_keeps_method()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.method <> old.method then
    raise exception 'A price list keeps its method' using errcode = '23514', constraint = 'price_lists_method_fixed';
  end if;
  return new;
end;
$$;

create trigger price_lists_method_fixed
  before update of method on public.price_lists
  for each row execute function public.price_list_keeps_method();

alter table public.products
  add column garment_list_id uuid references public.price_lists (id) on delete restrict,
  add column area_list_id uuid references public.price_lists (id) on delete restrict,
  add column turnaround_list_id uuid references public.price_lists (id) on delete restrict,
  add column area_min_width_in numeric(8, 2) check (area_min_width_in > 0),
  add column area_max_width_in numeric(8, 2) check (area_max_width_in > 0),
  add column area_min_height_in numeric(8, 2) check (area_min_height_in > 0),
  add column area_max_height_in numeric(8, 2) check (area_max_height_in > 0),
  add column area_presets jsonb check (area_presets is null or jsonb_typeof(area_presets) = 'array'),
  add constraint products_area_width_range check (area_max_width_in >= area_min_width_in),
  add constraint products_area_height_range check (area_max_height_in >= area_min_height_in);

comment on column public.products.garment_list_id is 'Size upcharges on the blank (a garment list); null: none.';
comment on column public.products.area_list_id is 'Priced by width × height (an area list); null: priced per piece.';
comment on column public.products.turnaround_list_id is 'Standard days and rush options (a turnaround list); null: none offered.';
comment on column public.products.area_presets is 'Sizes offered in one tap: [{label, width_in, height_in}], within the min/max bounds.';

alter table public.product_print_locations
  add column price_list_id uuid references public.price_lists (id) on delete restrict;

comment on column public.product_print_locations.price_list_id is
  'The decoration list (screen print, embroidery, DTG/DTF/heat transfer, flat) pricing this location; null keeps price_cents_per_piece and setup_fee_cents.';

create index products_garment_list_idx on public.products (garment_list_id) where garment_list_id is not null;
create index products_area_list_idx on public.products (area_list_id) where area_list_id is not null;
create index products_turnaround_list_idx on public.products (turnaround_list_id) where turnaround_list_id is not null;
create index product_print_locations_list_idx on public.product_print_locations (price_list_id) where price_list_id is not null;

-- A link names a list of the kind it needs (the server says so in words first; this is the floor).
create or replace function public.price_list_links_fit()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_table_name = 'product_print_locations' then
    if new.price_list_id is not null and not exists (
      select 1 from public.price_lists l
      where l.id = new.price_list_id and l.method in ('screen_print', 'embroidery', 'dtg', 'dtf', 'heat_transfer', 'flat')
    ) then
      raise exception 'A print location needs a decoration price list' using errcode = '23514', constraint = 'product_print_locations_list_method';
    end if;
    return new;
  end if;
  if new.garment_list_id is not null
    and not exists (select 1 from public.price_lists l where l.id = new.garment_list_id and l.method = 'garment') then
    raise exception 'The garment list must be a garment list' using errcode = '23514', constraint = 'products_garment_list_method';
  end if;
  if new.area_list_id is not null
    and not exists (select 1 from public.price_lists l where l.id = new.area_list_id and l.method = 'area') then
    raise exception 'The area list must be an area list' using errcode = '23514', constraint = 'products_area_list_method';
  end if;
  if new.turnaround_list_id is not null
    and not exists (select 1 from public.price_lists l where l.id = new.turnaround_list_id and l.method = 'turnaround') then
    raise exception 'The turnaround list must be a turnaround list' using errcode = '23514', constraint = 'products_turnaround_list_method';
  end if;
  return new;
end;
$$;

create trigger products_price_list_links_fit
  before insert or update of garment_list_id, area_list_id, turnaround_list_id on public.products
  for each row execute function public.price_list_links_fit();

create trigger product_print_locations_price_list_fits
  before insert or update of price_list_id on public.product_print_locations
  for each row execute function public.price_list_links_fit();

-- Prices are public (the shop publishes its charts), so every list is readable; versions and
-- writes stay with the server.
alter table public.price_lists enable row level security;
alter table public.price_list_versions enable row level security;

create policy price_lists_public_read on public.price_lists
  for select to public
  using (true);
