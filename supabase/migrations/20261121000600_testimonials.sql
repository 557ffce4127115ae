-- Customer quotes: per service, the two Brand Spotlights and the home carousel.

create table public.testimonials (
  id uuid primary key default gen_random_uuid(),
  service_id uuid references public.services (id) on delete cascade,
  quote text not null check (char_length(btrim(quote)) > 0),
  author text not null check (char_length(btrim(author)) > 0),
  is_spotlight boolean not null default false,
  is_home boolean not null default false,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

comment on table public.testimonials is
  'Customer quotes. service_id set = shown under that service (detail page and Testimonials by Service); is_spotlight = one of the long Brand Spotlights on /testimonials; is_home = in the home page carousel. A row may carry several of these.';

create index testimonials_service_idx on public.testimonials (service_id, sort_order);
create index testimonials_spotlight_idx on public.testimonials (sort_order) where is_spotlight;
create index testimonials_home_idx on public.testimonials (sort_order) where is_home;

alter table public.testimonials enable row level security;

create policy testimonials_public_read on public.testimonials
  for select to public using (is_active);
