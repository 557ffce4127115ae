-- The owner's own search synonyms (docs/decisions/0028-owner-and-receipts.md), added to the trade's defaults in
-- src/lib/search/synonyms.ts. Read at build time into search-index.json, never per search.

create table public.search_synonyms (
  id uuid primary key default gen_random_uuid(),
  phrases text[] not null check (
    cardinality(phrases) between 2 and 20
    and array_position(phrases, null) is null
  ),
  created_at timestamptz not null default now()
);

comment on table public.search_synonyms is
  'Groups of words or phrases that mean the same to a customer (e.g. {koozie,can cooler}): a search for one also finds the others, ranked below the word as typed. The shop''s defaults (tee/t-shirt, cap/hat, sticker/decal, yard sign/lawn sign...) are in code; these rows add to them and take effect at the next build (an admin save rebuilds).';
comment on column public.search_synonyms.phrases is
  'The group, 2 to 20 phrases; case, spaces and hyphens do not matter ("T-Shirt" = "tshirt").';

alter table public.search_synonyms enable row level security;
-- No policies: read by the build and written by the owner through the server only.
