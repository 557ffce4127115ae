-- Issue 44: a made-to-order shop tracks no stock, so a colour x size need not have a count. A
-- variant's stock_qty may now be null, "not tracked (made to order)", as a product's own
-- stock_qty already could: checkout takes nothing from it and the page says nothing about stock.
-- Existing counts are kept; the check still holds for every count (null passes it).

alter table public.product_variants alter column stock_qty drop not null;

comment on table public.product_variants is
  'Stock per colour x size of a product. color_id is null for products without colours, size_id null for products without sizes. stock_qty null = not tracked (made to order): nothing is reserved from it. Decrement a count with a conditional update (stock_qty >= n) so stock never goes negative.';
