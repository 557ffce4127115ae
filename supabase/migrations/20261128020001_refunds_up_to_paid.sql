-- Issue 29, order changes after payment: an order whose lines the owner lowered after it was
-- paid was paid more than it now costs, and that money goes back as a refund. refunded_cents may
-- then pass the new total_cents, so the cap is no longer the total alone: the refund service
-- refunds up to the larger of the total and what was paid (order_payments), under the order's
-- lock (src/lib/refund-totals.ts, refundableCents). A check cannot read order_payments, so the
-- database keeps only refunded_cents >= 0 (its column check).

alter table public.orders drop constraint orders_refund_within_total;

comment on column public.orders.refunded_cents is
  'Money given back so far, refunds in flight included (reserved before the provider is asked, released if it refuses): never more than the larger of total_cents and what was paid (order_payments), which the refund service checks under the order''s lock.';
