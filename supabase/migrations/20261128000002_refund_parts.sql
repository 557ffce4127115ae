-- Issue 29: an order can be paid in several payments (a deposit, then the balance), each its own
-- provider payment. A refund is split across them (newest first, never more than a payment has
-- left); parts records the split decided when the refund was reserved, so the provider is asked
-- the same thing, with the same keys, however often the refund is retried. Null: one refund of
-- the order's own checkout payment (every refund made before this).
alter table public.order_refunds
  add column parts jsonb check (parts is null or (jsonb_typeof(parts) = 'array' and jsonb_array_length(parts) >= 1));

comment on column public.order_refunds.parts is
  'The refund split across the order''s payments: [{payment_id, session_id, payment_intent_id, amount_cents}], newest payment first; null: the order''s checkout payment alone.';
