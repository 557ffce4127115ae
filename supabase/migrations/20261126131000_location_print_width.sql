-- The real print width of a location (docs/decisions/0027-price-lists.md, "Every printed product takes artwork"), in
-- inches, set by the owner in the admin product form: a banner's face, a mug's wrap, a tee's
-- front. The artwork check gives its DPI advice at this width; when it is null the shop's
-- typical width for the location's code is used (src/lib/print-widths.ts), or none.

alter table public.product_print_locations
  add column print_width_in numeric(6, 2)
    check (print_width_in is null or (print_width_in > 0 and print_width_in <= 1200));

comment on column public.product_print_locations.print_width_in is
  'How wide the print of this location is, in inches (0 < width <= 1200, i.e. up to 100 ft); null: not set.';
