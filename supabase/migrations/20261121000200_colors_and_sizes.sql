-- Colour and size vocabularies shared by all products.

create table public.colors (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (char_length(btrim(name)) between 1 and 60),
  hex text not null check (hex ~ '^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$'),
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

comment on table public.colors is
  'Colour options a product can be ordered in. hex is #RRGGBB or #RRGGBBAA (alpha, e.g. clear vinyl).';

create index colors_sort_idx on public.colors (sort_order, name);

alter table public.colors enable row level security;

create policy colors_public_read on public.colors
  for select to public using (is_active);

create table public.sizes (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (char_length(btrim(name)) between 1 and 40),
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

comment on table public.sizes is
  'Size options (apparel XS-3XL, sign and banner dimensions, ''fits all'' for one-size items). sort_order gives the display order.';

create index sizes_sort_idx on public.sizes (sort_order, name);

alter table public.sizes enable row level security;

create policy sizes_public_read on public.sizes
  for select to public using (is_active);
