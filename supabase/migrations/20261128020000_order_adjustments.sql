-- Issue 29, order changes after payment: the owner adds an adjustment line to a paid order
-- ("Adjustment: Extra artwork time", +$12.00, or a credit), and the order's timeline records every
-- change of its lines (kind 'order_change'; the comment says what changed and the new total).
-- An adjustment is an order line of its own (item_type 'adjustment', quantity 1, its reason in
-- its name), so every view of the order's lines shows it; only it may carry a negative price.

alter table public.order_items drop constraint order_items_unit_price_cents_check;
alter table public.order_items
  add constraint order_items_unit_price_cents_check
    check (unit_price_cents >= 0 or item_type = 'adjustment'),
  add constraint order_items_adjustment_shape
    check (item_type <> 'adjustment' or (quantity = 1 and unit_price_cents <> 0 and product_id is null));

comment on column public.order_items.item_type is
  'product (a piece bought), quoted/custom (a quote''s lines), print_location/setup_fee/screens/digitizing/rush (charges), adjustment (the owner''s change after payment: quantity 1, a price above or below zero, the reason in the name).';

alter table public.order_events drop constraint order_events_kind_check;
alter table public.order_events
  add constraint order_events_kind_check
    check (kind in ('stage', 'proof', 'refund', 'reminder', 'cancel', 'artwork', 'payment_request', 'payment',
                    'order_change'));
