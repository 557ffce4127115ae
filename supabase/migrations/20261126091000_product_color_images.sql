-- A picture per colour a product is offered in (docs/decisions/0028-owner-and-receipts.md,
-- "pictures that match"): the product page shows it when the colour is chosen, and the cart and the
-- success page show the line's colour. Optional: a colour without one shows the product's main
-- image. The row already goes when the product stops offering the colour, and its picture with it. Read under the
-- product_colors_public_read policy, like the rest of the row.

alter table public.product_colors
  add column image_url text check (image_url is null or char_length(image_url) between 1 and 2048);

comment on column public.product_colors.image_url is
  'The product''s picture in this colour (a site path under /images/ or /uploads/, or an https URL); null: the main image.';
