-- Upload budgets count the bytes storage received, not the sizes tickets declared
-- (docs/decisions/0041-outside-audit.md item 5): about 100 tickets that never sent a byte
-- reserved their declared sizes until the shop-wide budget was full. The columns stay; what
-- they mean for the budget changes, so their comments say it. Nothing to migrate: tickets
-- open now lapse within the hour they were given.

comment on column public.artwork.upload_bytes is
  'The most bytes the upload''s signed URL takes (the declared size, or 50 MB where storage cannot hold an upload to it). Not counted against the budgets: they count what storage actually holds for open uploads (src/server/artwork/upload-budget.ts). Null for files that never came by a signed URL.';
comment on column public.artwork.upload_client is
  'Hash of the uploading client (its IPv4 address or IPv6 /64, never the address itself): its open tickets and received bytes are bounded. Null for uploads the shop''s own code made.';
comment on column public.artwork.expires_at is
  'When an unchecked upload (awaiting_upload) lapses, 20 minutes after its ticket: the sweep then marks it rejected and deletes its file. Meaningless once checked.';
