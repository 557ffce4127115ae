-- Services the shop sells (consulting, printing, promo items, signage, online stores).

create table public.services (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  tagline text,
  category text not null check (category in ('Branding', 'Printing', 'Promotional', 'E-Commerce')),
  short_description text,
  description text,
  description_html text,
  base_price_cents integer not null default 0 check (base_price_cents >= 0),
  duration_minutes integer check (duration_minutes is null or duration_minutes > 0),
  metadata jsonb not null default '{}'::jsonb check (jsonb_typeof(metadata) = 'object'),
  image_main_url text,
  image_secondary_url text,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.services is
  'Services shown on /services and /services/{slug}. The public id in URLs is the slug. category is one of Branding, Printing, Promotional, E-Commerce.';
comment on column public.services.metadata is
  'Service details list: {"idealFor": text, "turnaround": text, "materials": [text], "whatToExpect": text, "requirements": text}. Any other keys are kept as-is.';
comment on column public.services.duration_minutes is
  'Length of the kick-off session (consultation, proof review) in minutes.';

create index services_sort_idx on public.services (sort_order, name);

create trigger services_set_updated_at
  before update on public.services
  for each row execute function public.set_updated_at();

alter table public.services enable row level security;

create policy services_public_read on public.services
  for select to public using (is_active);
