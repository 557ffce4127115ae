-- The timeline records artwork the shop attached for the customer
-- (docs/decisions/0028-owner-and-receipts.md: a file the customer sent by e-mail, put on its print
-- location by the owner without a proof): kind 'artwork'.

alter table public.order_events drop constraint order_events_kind_check;
alter table public.order_events
  add constraint order_events_kind_check
    check (kind in ('stage', 'proof', 'refund', 'reminder', 'cancel', 'artwork'));
