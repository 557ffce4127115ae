-- Order lines in the order they were bought (docs/decisions/0028-owner-and-receipts.md). Lines had
-- nothing but their name and a random id to sort by, so the success page listed a cart of "West
-- Texas Energy Sticker" then "Sticker Sampler Pack" the other way round. RLS on order_items is unchanged.

alter table public.order_items add column position integer;

comment on column public.order_items.position is
  'The line''s place in its order as bought, from 0: the pieces in cart order, then what their designs add. Null on lines written before it was kept (they sort after, by name).';
