-- The payer's phone and name as the payment page collected them
-- (docs/decisions/0028-owner-and-receipts.md): Stripe Checkout's customer_details.phone and .name,
-- or the built-in test checkout's same fields. A pickup order has no ship-to row, so the name the
-- shop calls at the counter lives on the order itself.

alter table public.orders
  add column phone text check (phone is null or phone ~ '^\+[0-9]{7,15}$'),
  add column customer_name text
    check (customer_name is null or char_length(btrim(customer_name)) between 1 and 120);

comment on column public.orders.phone is
  'The customer''s phone as the payment page collected it, in E.164 (+15555550123); null for orders paid before it was asked.';
comment on column public.orders.customer_name is
  'The payer''s name as the payment page collected it (not the ship-to recipient, who may be someone else).';
