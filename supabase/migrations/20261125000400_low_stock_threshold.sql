-- The low-stock list (docs/decisions/0016-order-workflow.md): a variant (or an untracked-by-variant
-- product) at or under its product's threshold is listed on the owner's dashboard. 0 = never listed.

alter table public.products
  add column low_stock_threshold integer not null default 5
    check (low_stock_threshold between 0 and 100000);

comment on column public.products.low_stock_threshold is
  'Pieces at or under which a variant of this product (or the product''s own stock) shows in the low-stock list; 0 = never.';
