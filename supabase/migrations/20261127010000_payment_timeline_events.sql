-- Issue 29: the order's timeline records the money asked for and received after checkout:
-- kind 'payment_request' (the owner asked for a payment, or withdrew the request; the comment
-- says which and how much) and kind 'payment' (a payment request was paid; the comment is the
-- amount). The checkout's own payment stays the stage move to 'paid'.

alter table public.order_events drop constraint order_events_kind_check;
alter table public.order_events
  add constraint order_events_kind_check
    check (kind in ('stage', 'proof', 'refund', 'reminder', 'cancel', 'artwork', 'payment_request', 'payment'));
