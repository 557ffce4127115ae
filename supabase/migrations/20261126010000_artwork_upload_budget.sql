-- Unchecked artwork uploads are budgeted and expire (docs/decisions/0025-hardening.md item 4). One
-- address could write 1 GB of never-checked uploads in seconds, kept for 7 days. Now a signed upload reserves its size
-- when its URL is handed out; the unchecked bytes of one client (an IPv4 address or an IPv6 /64)
-- and of all clients together are bounded (src/server/artwork/upload-budget.ts), and an upload
-- not checked within the hour lapses: the sweep marks it rejected and deletes its file.

alter table public.artwork
  add column upload_bytes integer check (upload_bytes is null or upload_bytes between 1 and 52428800),
  add column upload_client text check (upload_client is null or char_length(upload_client) between 1 and 64),
  add column expires_at timestamptz;

comment on column public.artwork.upload_bytes is
  'Bytes a signed upload reserved when its URL was handed out (the declared size, or 50 MB where storage cannot hold an upload to it); counted against the unchecked-upload budgets while status is awaiting_upload and expires_at is ahead. Null for files that never came by a signed URL.';
comment on column public.artwork.upload_client is
  'Hash of the uploading client (its IPv4 address or IPv6 /64, never the address itself) whose per-client budget the upload counts against.';
comment on column public.artwork.expires_at is
  'When an unchecked upload (awaiting_upload) lapses: the sweep then marks it rejected and deletes its file. Meaningless once checked.';

-- Uploads waiting now lapse an hour after they were made.
update public.artwork set expires_at = created_at + interval '1 hour' where status = 'awaiting_upload';

create index artwork_unchecked_client_idx on public.artwork (upload_client, expires_at)
  where status = 'awaiting_upload';
create index artwork_unchecked_expiry_idx on public.artwork (expires_at) where status = 'awaiting_upload';
