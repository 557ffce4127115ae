-- Customer artwork (docs/decisions/0015-print-ordering.md): one row per uploaded file. The bytes
-- live in storage (Supabase Storage's private bucket in production, .data/uploads by default) under
-- storage_key; this row says whose it is, what the shop found in it and which order it went to.
--
-- owner_hash is the SHA-256 (hex) of the anonymous owner token the uploading browser keeps; the
-- token itself is never stored. An upload belongs to nobody else until an order claims it
-- (order_id set in checkout's transaction); unclaimed rows older than 7 days are deleted with
-- their files by the scheduled sweep.

create table public.artwork (
  id uuid primary key default gen_random_uuid(),
  owner_hash text not null check (owner_hash ~ '^[0-9a-f]{64}$'),
  order_id uuid references public.orders (id) on delete set null,
  status text not null default 'awaiting_upload'
    check (status in ('awaiting_upload', 'ready', 'rejected')),
  original_name text not null check (char_length(original_name) between 1 and 255),
  content_type text check (content_type is null or content_type in
    ('image/png', 'image/jpeg', 'application/pdf', 'image/svg+xml')),
  byte_size integer check (byte_size is null or byte_size between 1 and 52428800),
  storage_key text not null unique check (char_length(storage_key) between 1 and 512),
  thumbnail_key text check (thumbnail_key is null or char_length(thumbnail_key) between 1 and 512),
  checks jsonb not null default '{}'::jsonb check (jsonb_typeof(checks) = 'object'),
  rejection text,
  created_at timestamptz not null default now(),
  checked_at timestamptz,
  attached_at timestamptz,
  constraint artwork_ready_is_checked
    check (status <> 'ready' or (content_type is not null and byte_size is not null and checked_at is not null)),
  constraint artwork_attached_has_order check ((order_id is null) = (attached_at is null))
);

comment on table public.artwork is
  'Customer artwork files. owner_hash = sha256 of the uploading browser''s owner token (the token is not stored). status: awaiting_upload (signed upload URL issued) -> ready (file checked) or rejected (rejection says why). content_type is decided from the file''s content, never its name. checks holds what the shop found (kind raster/vector/pdf, pixel size, pages and page size, transparency, warnings). order_id/attached_at are set when an order claims the file; unclaimed rows are swept after 7 days.';

create index artwork_owner_idx on public.artwork (owner_hash);
create index artwork_order_idx on public.artwork (order_id);
create index artwork_unclaimed_created_idx on public.artwork (created_at) where order_id is null;

alter table public.artwork enable row level security;
-- No policies: artwork is reached through the server API only.
