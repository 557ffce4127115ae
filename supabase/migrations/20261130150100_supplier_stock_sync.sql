-- Issue 47: the suppliers' stock per SKU and warehouse, kept by the sweep's supplier sync (nightly
-- and on demand), and a row per sync run so an interrupted run is visible and the last good data
-- stays: each style is written in its own transaction, a style not reached keeps what it had.

create table public.supplier_stock (
  supplier text not null check (supplier in ('demo', 'ss-activewear', 'sanmar')),
  sku text not null check (char_length(btrim(sku)) between 1 and 64),
  warehouse text not null check (char_length(btrim(warehouse)) between 1 and 80),
  quantity integer not null check (quantity >= 0),
  synced_at timestamptz not null,
  primary key (supplier, sku, warehouse)
);

comment on table public.supplier_stock is
  'Pieces of a supplier SKU in one of its warehouses at synced_at (the last sync that read the SKU). Shared by every product variant drawing on the SKU.';

alter table public.supplier_stock enable row level security;

create table public.supplier_sync_runs (
  id uuid primary key default gen_random_uuid(),
  supplier text not null check (supplier in ('demo', 'ss-activewear', 'sanmar')),
  status text not null default 'running' check (status in ('requested', 'running', 'done', 'failed', 'interrupted')),
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  styles_total integer not null default 0 check (styles_total >= 0),
  styles_done integer not null default 0 check (styles_done >= 0),
  skus_synced integer not null default 0 check (skus_synced >= 0),
  skus_discontinued integer not null default 0 check (skus_discontinued >= 0),
  message text check (message is null or char_length(message) <= 500)
);

comment on table public.supplier_sync_runs is
  'One sync of a supplier''s cost and stock: requested (the owner asked), running, then done, failed (message says why, in words) or interrupted (the process stopped mid-run). Styles finished before a failure stay synced.';

-- One run of a supplier at a time: a second sweep finds it taken and leaves it.
create unique index supplier_sync_runs_one_running on public.supplier_sync_runs (supplier) where status = 'running';
create index supplier_sync_runs_latest_idx on public.supplier_sync_runs (supplier, requested_at desc);

alter table public.supplier_sync_runs enable row level security;
