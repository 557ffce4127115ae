-- Issue 44: the shop's own details the owner edits (admin tab Shop settings), one row (id = true,
-- as payment_settings): name, contact details, address, hours, tagline, social profiles and logo,
-- shown in every footer, e-mail, the contact page, JSON-LD and the organiser's page. Seeded with
-- what src/lib/site/site.ts held until now (DEFAULT_SHOP_DETAILS, which stays the fallback).

create table public.shop_settings (
  id boolean primary key default true check (id),
  name text not null check (length(btrim(name)) between 1 and 120),
  tagline text not null check (length(tagline) <= 200),
  email text not null check (email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' and length(email) <= 254),
  phone text not null check (phone ~ '^\+?[0-9(). -]+$' and length(phone) <= 30),
  hours text not null check (length(hours) <= 120),
  street_address text not null check (length(street_address) <= 200),
  address_locality text not null check (length(address_locality) <= 100),
  address_region text not null check (length(address_region) <= 100),
  postal_code text not null check (length(postal_code) <= 40),
  address_country text not null check (address_country ~ '^[A-Z]{2}$'),
  -- [{ "name": "Instagram", "url": "https://…" }], in the footer's order.
  social jsonb not null default '[]'::jsonb check (jsonb_typeof(social) = 'array'),
  -- null: the built-in logo (/images/logo.svg on pages, /images/logo-email.png in e-mails).
  logo_url text check (logo_url ~ '^(https://|/images/|/uploads/)'),
  updated_at timestamptz not null default now()
);

comment on table public.shop_settings is
  'The one row (id = true) of the shop''s own details as customers read them: name, tagline, e-mail, phone, hours, postal address, social profiles ([{name, url}] https only) and logo_url (null: the built-in logo). Pages read it at build (a save republishes) and e-mails when they are queued.';

alter table public.shop_settings enable row level security;

insert into public.shop_settings (
  id, name, tagline, email, phone, hours,
  street_address, address_locality, address_region, postal_code, address_country, social
) values (
  true, 'West Texas Prints', 'Prints with West Texas energy.', 'hello@westtexasprints.example', '+1-432-555-0142',
  'Mon-Fri 9am-5pm', '1200 N Big Spring St', 'Midland', 'TX', '79701', 'US',
  '[{"name": "Facebook", "url": "https://www.facebook.com/westtexasprints"},
    {"name": "Instagram", "url": "https://www.instagram.com/westtexasprints"},
    {"name": "TikTok", "url": "https://www.tiktok.com/@westtexasprints"},
    {"name": "LinkedIn", "url": "https://www.linkedin.com/company/westtexasprints"}]'::jsonb
) on conflict (id) do nothing;
