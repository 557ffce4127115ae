-- How an order line priced by the owner's lists was priced (docs/decisions/0027-price-lists.md): the customer's inputs
-- (method, ink colours, stitches, print size, width × height, material, finishing, rush), each
-- list's id and version, and the breakdown's parts and words. With price_list_versions it
-- reproduces the line's price later. Fees and the rush surcharge are order lines of their own
-- (item_type 'screens', 'digitizing', 'setup_fee', 'rush'); null: a line priced the flat way.

alter table public.order_items
  add column pricing jsonb check (pricing is null or jsonb_typeof(pricing) = 'object');

comment on column public.order_items.pricing is
  'List pricing of the line as checked out: {inputs, lists: [{role, id, name, version}], parts, unit_cents, breakdown}; null for lines priced by flat prices and tiers.';
