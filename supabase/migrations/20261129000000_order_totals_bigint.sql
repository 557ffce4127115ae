-- An order's and a quote's totals as bigint (docs/decisions/0013-trust-audit.md): the sum of a
-- cart's lines (up to 50 lines of 999 pieces at the dearest list price) or an order grown by
-- changes after payment can pass integer's 2,147,483,647 cents, which made the insert fail with
-- a 500 instead of the refusal in words the shop gives for an order above what the payment
-- provider can charge (src/server/orders/charge-limit.ts). Unit prices, quantities and single
-- payments stay integer: each is bounded well below that. The app reads int8 as a JavaScript
-- number and refuses one it cannot hold exactly (src/server/db/int8.ts).

alter table public.orders
  alter column subtotal_cents type bigint,
  alter column discount_cents type bigint,
  alter column shipping_cents type bigint,
  alter column tax_cents type bigint,
  alter column total_cents type bigint,
  alter column refunded_cents type bigint;

alter table public.quote_revisions
  alter column subtotal_cents type bigint,
  alter column discount_cents type bigint,
  alter column shipping_cents type bigint,
  alter column tax_cents type bigint,
  alter column total_cents type bigint;

comment on column public.orders.total_cents is
  'What the order comes to, in cents (bigint: a sum of lines); a new order above the payment provider''s largest charge is refused before it is stored.';
