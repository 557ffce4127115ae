-- Shared helpers used by the later migrations.
--
-- No roles are created here on purpose: plain PostgreSQL and PGlite have no `anon` or
-- `authenticated` role, so catalogue read policies are written `to public` (which Supabase's
-- anon and authenticated roles inherit). The application server connects as the table owner
-- and therefore bypasses row level security; private tables simply have no policy (= deny).

-- Keeps updated_at honest without every query having to remember it. A statement that sets
-- updated_at itself (a data import, the seed) keeps its value.
create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

comment on function public.set_updated_at() is
  'BEFORE UPDATE trigger: stamps updated_at = now() unless the statement set it explicitly.';

-- Used by check constraints on text[] columns whose values must not repeat (template bindings).
create or replace function public.text_array_is_unique(values_ text[])
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(cardinality(values_), 0) = (select count(distinct v) from unnest(values_) as v);
$$;

comment on function public.text_array_is_unique(text[]) is
  'True when no element of the array repeats (nulls are ignored by count distinct, so they fail the check).';
