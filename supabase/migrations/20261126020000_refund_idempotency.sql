-- Refunds that outlive an interruption (docs/decisions/0025-hardening.md). A refund is reserved (a pending row, the
-- order's refunded_cents grown) before the payment provider is asked; a process killed or timed
-- out while it waited left that row pending for good, the money counted as given back though
-- nobody knew whether it was. Each refund now carries the idempotency key it is (and will be)
-- sent with, written with the reservation, so the sweep can ask again with the same key: the
-- provider answers the refund it already made, or makes it once.

alter table public.order_refunds
  add column idempotency_key text unique,
  add column attempted_at timestamptz,
  add column cancel_order boolean not null default false,
  add column restock boolean not null default false,
  add constraint order_refunds_restock_with_cancel check (not restock or cancel_order);

comment on column public.order_refunds.idempotency_key is
  'The key the provider is asked with (Stripe''s Idempotency-Key): the same key always answers the same refund. Set for the shop''s own refunds; null for refunds found in Stripe.';
comment on column public.order_refunds.attempted_at is
  'When the provider was last asked for this refund; the sweep settles a refund still pending a minute after.';
comment on column public.order_refunds.cancel_order is
  'The owner asked for the order to be cancelled with this refund: done when the refund succeeds, by whoever settles it.';
comment on column public.order_refunds.restock is
  'With cancel_order: the order''s pieces go back in stock when the refund succeeds.';

-- Refunds made before this kept their key implicit: the row id, sent to Stripe as refund-<id>.
update public.order_refunds
set idempotency_key = 'refund-' || id::text, attempted_at = created_at
where source = 'admin' and idempotency_key is null;

alter table public.order_refunds
  add constraint order_refunds_admin_has_key check (source <> 'admin' or (idempotency_key is not null and attempted_at is not null));

create index order_refunds_pending_idx on public.order_refunds (attempted_at) where status = 'pending';
