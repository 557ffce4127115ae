-- Quotes for custom jobs (docs/decisions/0017-quotes.md), second part: the owner prices a request in revisions,
-- sends one to the customer (a signed link), and the customer accepts and pays it (an order)
-- or declines it. Artwork sent with a request belongs to it (the unclaimed sweep keeps it).

alter table public.quote_requests drop constraint quote_requests_status_check;
alter table public.quote_requests
  add constraint quote_requests_status_check
    check (status in ('new', 'quoted', 'accepted', 'declined', 'expired', 'withdrawn')),
  add column sent_revision_id uuid,
  add column sent_at timestamptz,
  add column decline_reason text check (decline_reason is null or char_length(decline_reason) <= 1000),
  add column answered_at timestamptz,
  add column expiry_reminded_at timestamptz;

comment on column public.quote_requests.status is
  'new (not priced yet) -> quoted (a revision was sent) -> accepted (paid: an order exists) | declined (by the customer, with decline_reason) | expired (past the sent revision''s valid_until) | withdrawn (by the owner). A new revision can be sent from quoted, expired, declined or withdrawn.';

create table public.quote_revisions (
  id uuid primary key default gen_random_uuid(),
  quote_request_id uuid not null references public.quote_requests (id) on delete cascade,
  number integer not null check (number >= 1),
  -- The priced lines, as the shop's pricing module priced them when the revision was saved:
  -- [{kind: 'product' | 'custom', description, quantity, unit_price_cents, product_id?,
  --   charges: [{kind: 'print_location' | 'setup_fee', name, unit_price_cents, quantity}]}]
  lines jsonb not null check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) between 1 and 50),
  fulfillment text not null check (fulfillment in ('shipping', 'local')),
  shipping_speed text check (shipping_speed is null or shipping_speed in ('standard', 'express', 'overnight')),
  discount_cents integer not null default 0 check (discount_cents >= 0),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  shipping_cents integer not null check (shipping_cents >= 0),
  tax_cents integer not null check (tax_cents >= 0),
  total_cents integer not null check (total_cents > 0),
  valid_until date not null,
  message text check (message is null or char_length(message) <= 2000),
  created_by text,
  created_at timestamptz not null default now(),
  unique (quote_request_id, number),
  constraint quote_revisions_total_adds_up
    check (total_cents = subtotal_cents - discount_cents + shipping_cents + tax_cents),
  constraint quote_revisions_shipping_speed check ((fulfillment = 'local') = (shipping_speed is null))
);

comment on table public.quote_revisions is
  'Each saved version of a quote (never changed once saved): priced lines, discount, fulfillment, totals and valid-until. The request''s sent_revision_id names the one the customer sees.';

create index quote_revisions_request_idx on public.quote_revisions (quote_request_id, number desc);

alter table public.quote_requests
  add constraint quote_requests_sent_revision_fk
    foreign key (sent_revision_id) references public.quote_revisions (id) on delete set null;

alter table public.quote_revisions enable row level security;
-- No policies: read and written by the server only.

-- The order a quote became (at most one paid or pending at a time; see the index).
alter table public.orders
  add column quote_request_id uuid references public.quote_requests (id) on delete set null,
  -- Where a quote's payment page is, so a second "Accept and pay" opens the same session.
  add column checkout_url text check (checkout_url is null or char_length(checkout_url) <= 2048);
create unique index orders_one_live_per_quote on public.orders (quote_request_id)
  where quote_request_id is not null and status in ('pending', 'paid', 'fulfilled');

-- Artwork sent with a quote request is the request's: the 7-day sweep of unclaimed files leaves it.
alter table public.artwork add column quote_request_id uuid references public.quote_requests (id) on delete cascade;
create index artwork_quote_request_idx on public.artwork (quote_request_id) where quote_request_id is not null;
drop index public.artwork_unclaimed_created_idx;
create index artwork_unclaimed_created_idx on public.artwork (created_at)
  where order_id is null and quote_request_id is null;

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('quote-ready',
   'Your quote {{reference}} from {{shopName}}: {{total}}',
   E'Hi {{fullName}},\n\nYour quote {{reference}} is ready: {{what}}, {{total}} in all.\n\n{{message}}\n\nSee every line, accept and pay, or decline it here:\n{{quoteUrl}}\n\nThe quote is valid until {{validUntil}}.\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><h1 style="color:#BF5700">Your quote is ready</h1><p>Hi {{fullName}}, your quote <strong>{{reference}}</strong> is ready: {{what}}, <strong>{{total}}</strong> in all.</p><p>{{message}}</p><p><a href="{{quoteUrl}}" style="display:inline-block;background:#BF5700;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">See your quote</a></p><p>The quote is valid until {{validUntil}}.</p><p>The {{shopName}} team</p></div>',
   array['fullName', 'reference', 'what', 'total', 'message', 'quoteUrl', 'validUntil', 'shopName']),
  ('quote-accepted',
   'Quote {{reference}} accepted and paid: {{total}}',
   E'{{fullName}} <{{emailAddress}}> accepted and paid quote {{reference}} ({{what}}): {{total}}.\n\nIt is order {{orderNumber}} in the Orders tab, in the workflow from here.',
   '',
   array['fullName', 'emailAddress', 'reference', 'what', 'total', 'orderNumber']),
  ('quote-expiring',
   'Your quote {{reference}} expires tomorrow',
   E'Hi {{fullName}},\n\nYour quote {{reference}} ({{what}}, {{total}}) is valid until {{validUntil}}. To go ahead, accept and pay it here:\n{{quoteUrl}}\n\nAfter that we will gladly price it again.\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><h1 style="color:#BF5700">Your quote expires tomorrow</h1><p>Hi {{fullName}}, your quote <strong>{{reference}}</strong> ({{what}}, {{total}}) is valid until {{validUntil}}.</p><p><a href="{{quoteUrl}}" style="display:inline-block;background:#BF5700;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Accept and pay</a></p><p>After that we will gladly price it again.</p><p>The {{shopName}} team</p></div>',
   array['fullName', 'reference', 'what', 'total', 'validUntil', 'quoteUrl', 'shopName'])
on conflict (name) do nothing;

-- The shop's copy of a request says whether artwork came with it (left alone if the owner edited it).
update public.email_templates
   set txt = replace(txt, E'Budget: {{budget}}\n', E'Budget: {{budget}}\nArtwork: {{artwork}}\n'),
       bindings = array_append(bindings, 'artwork')
 where name = 'quote-request-notification'
   and position('{{artwork}}' in txt) = 0
   and position(E'Budget: {{budget}}\n' in txt) > 0;
