-- Issue 46: the shop's calendar, the one source of every date the shop promises (product page
-- turnaround, rush options, quotes, checkout, the order page). One row (id = true, as
-- shop_settings) of working weekdays and hours, and one row per day the shop is shut although it
-- is a working weekday: a holiday (US federal presets the owner adds and edits) or a blackout day.
-- Storage is calendar days on the shop's clock (SHOP_TIME_ZONE); no instant is kept.

create table public.shop_calendar (
  id boolean primary key default true check (id),
  -- ISO weekdays, 1 Monday … 7 Sunday; at least one, so a date can always be promised.
  working_weekdays smallint[] not null default '{1,2,3,4,5}'
    check (cardinality(working_weekdays) between 1 and 7 and working_weekdays <@ '{1,2,3,4,5,6,7}'::smallint[]),
  opens_at text not null default '09:00' check (opens_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  closes_at text not null default '17:00' check (closes_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  updated_at timestamptz not null default now(),
  check (opens_at < closes_at)
);

comment on table public.shop_calendar is
  'The one row (id = true) of the shop''s working week: working_weekdays (ISO 1 Monday … 7 Sunday), opens_at and closes_at (HH:MM on the shop''s clock; work taken after closes_at counts from the next day). Every promised date counts working days on it and shop_closed_days.';

alter table public.shop_calendar enable row level security;

insert into public.shop_calendar (id) values (true) on conflict (id) do nothing;

create table public.shop_closed_days (
  day date primary key,
  kind text not null check (kind in ('holiday', 'blackout')),
  name text not null check (length(btrim(name)) between 1 and 80),
  created_at timestamptz not null default now()
);

comment on table public.shop_closed_days is
  'Days the shop is shut although they fall on a working weekday: kind holiday (US federal presets from date-holidays, editable) or blackout (a day the owner closes the floor). No working day is counted on them.';

alter table public.shop_closed_days enable row level security;
