-- Quotes for custom jobs (docs/decisions/0017-quotes.md), first part: the customer's request. Each request gets a
-- reference number (Q-1001, Q-1002...) the customer and the shop quote to each other. The
-- owner prices it later (quotes and their revisions come with the quote editor).

create sequence public.quote_request_number_seq start 1001;

create table public.quote_requests (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique default ('Q-' || nextval('public.quote_request_number_seq')::text),
  status text not null default 'new' check (status in ('new', 'quoted', 'accepted', 'declined', 'expired')),
  what text not null check (char_length(btrim(what)) between 1 and 200),
  product_id uuid references public.products (id) on delete set null,
  service_id uuid references public.services (id) on delete set null,
  quantity integer not null check (quantity between 1 and 100000),
  sizes text check (sizes is null or char_length(sizes) <= 500),
  colors text check (colors is null or char_length(colors) <= 200),
  print_locations text check (print_locations is null or char_length(print_locations) <= 300),
  in_hands_date date,
  budget text check (budget is null or char_length(budget) <= 60),
  notes text check (notes is null or char_length(notes) <= 5000),
  full_name text not null check (char_length(btrim(full_name)) between 1 and 200),
  email text not null check (email = btrim(email) and email like '_%@_%'),
  phone text check (phone is null or char_length(phone) between 1 and 40),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.quote_requests is
  'Requests for a quote on a custom job (docs/decisions/0017-quotes.md): what, how many, sizes, colours, print locations, in-hands date, budget and notes, and who asked. reference (Q-1001...) is what the customer quotes.';

create index quote_requests_created_idx on public.quote_requests (created_at desc);
create index quote_requests_status_idx on public.quote_requests (status, created_at desc);

create trigger quote_requests_set_updated_at
  before update on public.quote_requests
  for each row execute function public.set_updated_at();

alter table public.quote_requests enable row level security;
-- No policies: read and written by the server only.

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('quote-request-received',
   'We got your quote request {{reference}}',
   E'Hi {{fullName}},\n\nThanks for asking {{shopName}} for a quote. Your request {{reference}} is in:\n\n{{quantity}} x {{what}}\n\nWe will price it and send you the quote within one business day. Quote {{reference}} if you write to us about it.\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><h1 style="color:#BF5700">We got your quote request</h1><p>Hi {{fullName}}, thanks for asking {{shopName}} for a quote. Your request <strong>{{reference}}</strong> is in:</p><p><strong>{{quantity}} x {{what}}</strong></p><p>We will price it and send you the quote within one business day. Quote {{reference}} if you write to us about it.</p><p>The {{shopName}} team</p></div>',
   array['fullName', 'reference', 'quantity', 'what', 'shopName']),
  ('quote-request-notification',
   'Quote request {{reference}}: {{quantity}} x {{what}}',
   E'A new quote request came in from the website.\n\nReference: {{reference}}\nWhat: {{what}}\nQuantity: {{quantity}}\nSizes: {{sizes}}\nColours: {{colors}}\nPrint locations: {{printLocations}}\nIn hands by: {{inHandsDate}}\nBudget: {{budget}}\n\n{{notes}}\n\nFrom: {{fullName}} <{{emailAddress}}> {{phone}}\n\nReply to this e-mail to answer {{fullName}} directly; price it in the Quotes tab.',
   '',
   array['reference', 'what', 'quantity', 'sizes', 'colors', 'printLocations', 'inHandsDate', 'budget', 'notes', 'fullName', 'emailAddress', 'phone'])
on conflict (name) do nothing;
