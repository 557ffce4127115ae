-- Artwork that arrives after checkout (issue #28): a customer sends a print location's missing
-- file from the order page (or the owner marks it received); each arrival is a line of the
-- order's timeline, kind 'artwork'.
alter table public.order_events drop constraint order_events_kind_check;
alter table public.order_events add constraint order_events_kind_check
  check (kind in ('stage', 'proof', 'refund', 'reminder', 'cancel', 'artwork'));
