-- Orders, their lines and their shipping address.

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references public.users (id) on delete set null,
  email text not null check (email = btrim(email) and email like '_%@_%'),
  status text not null default 'pending' check (status in ('pending', 'paid', 'fulfilled', 'cancelled')),
  fulfillment text not null default 'shipping' check (fulfillment in ('shipping', 'local')),
  shipping_speed text check (shipping_speed in ('standard', 'express', 'overnight')),
  subtotal_cents integer not null default 0 check (subtotal_cents >= 0),
  discount_cents integer not null default 0 check (discount_cents >= 0),
  shipping_cents integer not null default 0 check (shipping_cents >= 0),
  tax_cents integer not null default 0 check (tax_cents >= 0),
  total_cents integer not null default 0 check (total_cents >= 0),
  discount_code_id uuid references public.discount_codes (id) on delete set null,
  discount_code text,
  cart_id uuid references public.carts (id) on delete set null,
  payment_provider text,
  payment_session_id text unique,
  idempotency_key text unique,
  expires_at timestamptz,
  paid_at timestamptz,
  fulfilled_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_discount_within_subtotal check (discount_cents <= subtotal_cents),
  constraint orders_total_adds_up
    check (total_cents = subtotal_cents - discount_cents + shipping_cents + tax_cents),
  constraint orders_local_has_no_shipping
    check (fulfillment = 'shipping' or (shipping_speed is null and shipping_cents = 0)),
  constraint orders_paid_has_paid_at check (status not in ('paid', 'fulfilled') or paid_at is not null),
  constraint orders_fulfilled_has_fulfilled_at check (status <> 'fulfilled' or fulfilled_at is not null),
  constraint orders_cancelled_has_cancelled_at check (status <> 'cancelled' or cancelled_at is not null)
);

comment on table public.orders is
  'One checkout. State machine: pending -> paid -> fulfilled, pending -> cancelled (change status with a conditional update on the current status and stamp the matching *_at). Money in cents: total = subtotal - discount + shipping + tax. discount_code keeps the code text as applied, even if the code row is later deleted. payment_session_id is the provider checkout session (Stripe cs_... or the built-in test checkout); idempotency_key makes order creation safe to retry.';
comment on column public.orders.expires_at is
  'When the pending checkout session lapses; a pending order past it can be cancelled and its stock released.';

create index orders_email_lower_idx on public.orders (lower(email));
create index orders_user_idx on public.orders (user_id);
create index orders_status_created_idx on public.orders (status, created_at);
create index orders_created_at_idx on public.orders (created_at);
create index orders_discount_code_idx on public.orders (discount_code_id);
create index orders_cart_idx on public.orders (cart_id);
create index orders_pending_expiry_idx on public.orders (expires_at) where status = 'pending';

create trigger orders_set_updated_at
  before update on public.orders
  for each row execute function public.set_updated_at();

alter table public.orders enable row level security;
-- No policies: orders are read and written by the server only.

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id uuid references public.products (id) on delete set null,
  color_id uuid references public.colors (id) on delete set null,
  size_id uuid references public.sizes (id) on delete set null,
  name text not null check (char_length(btrim(name)) > 0),
  item_type text not null default 'product' check (char_length(btrim(item_type)) > 0),
  quantity integer not null check (quantity > 0),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  variant_metadata jsonb not null default '{}'::jsonb check (jsonb_typeof(variant_metadata) = 'object')
);

comment on table public.order_items is
  'Order lines, priced from the database at checkout. name, unit_price_cents and variant_metadata ({"color": "Black", "size": "L"}) are snapshots, so a line still reads correctly after the product, colour or size changes or is deleted.';

create index order_items_order_idx on public.order_items (order_id);
create index order_items_product_idx on public.order_items (product_id);
create index order_items_color_idx on public.order_items (color_id);
create index order_items_size_idx on public.order_items (size_id);

alter table public.order_items enable row level security;
-- No policies.

create table public.order_shipping (
  order_id uuid primary key references public.orders (id) on delete cascade,
  name text not null,
  address_line1 text not null,
  address_line2 text,
  city text,
  state text,
  postal_code text,
  country text not null default 'US',
  shipping_amount_cents integer not null default 0 check (shipping_amount_cents >= 0)
);

comment on table public.order_shipping is
  'Ship-to address of a shipping order, as collected by the checkout page (so usually written when the order is paid). Only name, line 1 and country are required because providers may omit the rest for some countries.';

alter table public.order_shipping enable row level security;
-- No policies.
