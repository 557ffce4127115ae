-- Collections: curated product groups (events, teams, product families).

create table public.collections (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text,
  image_main_url text,
  image_secondary_url text,
  image_header_url text,
  is_featured boolean not null default false,
  start_date date,
  end_date date,
  is_active boolean not null default true,
  html_description text,
  description_extended text,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint collections_dates_ordered check (end_date is null or start_date is null or end_date >= start_date)
);

comment on table public.collections is
  'Curated product groups shown on /collections and in the header menu (first three by sort_order are the "Popular Collections"). start_date/end_date describe a seasonal run (e.g. a tournament).';

create index collections_sort_idx on public.collections (sort_order, name);
create index collections_featured_idx on public.collections (sort_order) where is_featured and is_active;

create trigger collections_set_updated_at
  before update on public.collections
  for each row execute function public.set_updated_at();

alter table public.collections enable row level security;

create policy collections_public_read on public.collections
  for select to public using (is_active);
