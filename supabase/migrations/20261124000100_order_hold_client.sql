-- Who holds stock: a pending order remembers the client that opened it, so one client can
-- keep only a bounded number of unpaid holds open at a time (docs/decisions/0013-trust-audit.md: nobody hoards stock).
--
-- hold_client_key is a hash of the client's peer address (as request_throttle.client_key),
-- never the address itself. Orders from before this column, and orders not opened through the
-- public checkout, have none and count against nobody.

alter table public.orders
  add column hold_client_key text check (hold_client_key is null or char_length(hold_client_key) between 1 and 128);

comment on column public.orders.hold_client_key is
  'Hash of the peer address of the client that opened this checkout (never the address); counts the client''s open holds while the order is pending and unexpired.';

-- The open-hold count of one client at checkout: its pending orders, newest expiry last.
create index orders_pending_hold_client_idx on public.orders (hold_client_key, expires_at)
  where status = 'pending' and hold_client_key is not null;
