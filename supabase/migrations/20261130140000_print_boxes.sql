-- Issue 49: the print box of each print location on each colour's picture of a product, marked by
-- the owner once (a rectangle over the photo, in the picture's pixels). The box is as wide as
-- width_in inches, which gives the picture its scale: mock-ups draw the customer's artwork inside
-- it at true size (src/lib/mockup/placement.ts). The box names the picture it was drawn on; a box
-- whose picture has since been replaced no longer counts (the mock-up falls back to the flat
-- artwork until the owner marks the new picture). The row goes with the product's colour.

create table public.product_print_boxes (
  product_id uuid not null,
  color_id uuid not null,
  location_code text not null check (location_code ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(location_code) <= 40),
  image_url text not null check (char_length(image_url) between 1 and 2048),
  picture_width integer not null check (picture_width between 1 and 20000),
  picture_height integer not null check (picture_height between 1 and 20000),
  box_x integer not null check (box_x >= 0),
  box_y integer not null check (box_y >= 0),
  box_width integer not null check (box_width >= 1),
  box_height integer not null check (box_height >= 1),
  width_in numeric(6, 2) not null check (width_in > 0 and width_in <= 1200),
  updated_at timestamptz not null default now(),
  primary key (product_id, color_id, location_code),
  foreign key (product_id, color_id) references public.product_colors (product_id, color_id) on delete cascade,
  constraint product_print_boxes_inside_picture
    check (box_x + box_width <= picture_width and box_y + box_height <= picture_height)
);

comment on table public.product_print_boxes is
  'Where each print location prints on each colour''s product picture (pixels of the picture named by image_url), and how wide that box prints in inches: the scale mock-ups are drawn at (issue 49).';

alter table public.product_print_boxes enable row level security;

create policy product_print_boxes_public_read on public.product_print_boxes
  for select to public
  using (exists (select 1 from public.products p where p.id = product_id and p.is_active));
