-- Running the orders, second part (docs/decisions/0016-order-workflow.md): proofs the customer
-- answers through a signed link, the shipment of a shipped order, refunds, the artwork reminder,
-- and the e-mails of each step.
--
-- order_events becomes the whole timeline: besides stage moves (kind 'stage', to_stage set) it
-- records proofs sent, refunds and reminders (to_stage null).

alter table public.order_events
  add column kind text not null default 'stage'
    check (kind in ('stage', 'proof', 'refund', 'reminder', 'cancel')),
  alter column to_stage drop not null,
  add constraint order_events_stage_has_target check (kind <> 'stage' or to_stage is not null);

alter table public.orders
  add column carrier text check (carrier is null or char_length(btrim(carrier)) between 1 and 60),
  add column tracking_number text
    check (tracking_number is null or char_length(btrim(tracking_number)) between 1 and 100),
  add column tracking_url text check (tracking_url is null or tracking_url ~ '^https://'),
  add column shipped_at timestamptz,
  add column refunded_cents integer not null default 0 check (refunded_cents >= 0),
  add column payment_intent_id text,
  add column artwork_reminded_at timestamptz,
  add constraint orders_refund_within_total check (refunded_cents <= total_cents);

comment on column public.orders.refunded_cents is
  'Money given back so far, refunds in flight included (reserved before the provider is asked, released if it refuses): never more than total_cents.';
comment on column public.orders.payment_intent_id is
  'The Stripe PaymentIntent of the paid session (pi_...), which refunds and charge.refunded webhooks name.';

create index orders_payment_intent_idx on public.orders (payment_intent_id) where payment_intent_id is not null;
create index orders_stage_created_idx on public.orders (stage, created_at desc);

create table public.order_proofs (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  artwork_id uuid not null unique references public.artwork (id) on delete cascade,
  note text check (note is null or char_length(note) <= 2000),
  created_at timestamptz not null default now()
);

comment on table public.order_proofs is
  'Proofs the owner sent for an order (a checked PDF or image in the artwork table); the newest is the one the customer answers.';

create index order_proofs_order_idx on public.order_proofs (order_id, created_at);
alter table public.order_proofs enable row level security;

create table public.order_refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  amount_cents integer not null check (amount_cents > 0),
  status text not null default 'pending' check (status in ('pending', 'succeeded')),
  source text not null check (source in ('admin', 'stripe')),
  provider_refund_id text unique,
  reason text check (reason is null or char_length(reason) <= 500),
  created_at timestamptz not null default now()
);

comment on table public.order_refunds is
  'Refunds of an order: made from the admin (pending while the provider is asked, succeeded after) or found by the charge.refunded webhook (made in Stripe''s dashboard).';

create index order_refunds_order_idx on public.order_refunds (order_id, created_at);
alter table public.order_refunds enable row level security;

-- The e-mails of each step, editable in the Templates tab.
insert into public.email_templates (name, subject, txt, html, bindings) values
  ('proof-ready',
   'Your proof for order {{orderNumber}} is ready',
   E'Hi {{customerName}},\n\nYour proof for order {{orderNumber}} is ready. Look it over and approve it, or tell us what to change:\n\n{{orderUrl}}\n\n{{note}}\n\nWe start printing once you approve.\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><h1 style="color:#BF5700">Your proof is ready</h1><p>Hi {{customerName}}, the proof for order <strong>{{orderNumber}}</strong> is ready.</p><p>{{note}}</p><p><a href="{{orderUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">Review your proof</a></p><p>We start printing once you approve.</p><p>The {{shopName}} team</p></div>',
   array['customerName', 'orderNumber', 'orderUrl', 'note', 'shopName']),
  ('proof-changes-received',
   'We got your changes to order {{orderNumber}}',
   E'Hi {{customerName}},\n\nThanks: we received your changes to the proof for order {{orderNumber}}:\n\n{{comment}}\n\nWe will send a new proof soon. Follow your order here: {{orderUrl}}\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><p>Hi {{customerName}},</p><p>Thanks: we received your changes to the proof for order <strong>{{orderNumber}}</strong>:</p><blockquote style="border-left:4px solid #BF5700;margin:0;padding:4px 12px">{{comment}}</blockquote><p>We will send a new proof soon. <a href="{{orderUrl}}">Follow your order</a>.</p><p>The {{shopName}} team</p></div>',
   array['customerName', 'orderNumber', 'comment', 'orderUrl', 'shopName']),
  ('proof-approved',
   'Proof approved: order {{orderNumber}} is next in line',
   E'Hi {{customerName}},\n\nThe proof for order {{orderNumber}} is approved. We will let you know when it is on the press.\n\nFollow your order: {{orderUrl}}\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><p>Hi {{customerName}},</p><p>The proof for order <strong>{{orderNumber}}</strong> is approved. We will let you know when it is on the press.</p><p><a href="{{orderUrl}}">Follow your order</a></p><p>The {{shopName}} team</p></div>',
   array['customerName', 'orderNumber', 'orderUrl', 'shopName']),
  ('order-in-production',
   'Order {{orderNumber}} is on the press',
   E'Hi {{customerName}},\n\nGood news: order {{orderNumber}} is in production.\n\nFollow your order: {{orderUrl}}\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><p>Hi {{customerName}},</p><p>Good news: order <strong>{{orderNumber}}</strong> is in production.</p><p><a href="{{orderUrl}}">Follow your order</a></p><p>The {{shopName}} team</p></div>',
   array['customerName', 'orderNumber', 'orderUrl', 'shopName']),
  ('order-shipped',
   'Order {{orderNumber}} has shipped',
   E'Hi {{customerName}},\n\nOrder {{orderNumber}} is on its way with {{carrier}}.\nTracking number: {{trackingNumber}}\nTrack it: {{trackingUrl}}\n\nYour order: {{orderUrl}}\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><h1 style="color:#BF5700">Your order has shipped</h1><p>Hi {{customerName}}, order <strong>{{orderNumber}}</strong> is on its way with {{carrier}}.</p><p>Tracking number: <strong>{{trackingNumber}}</strong></p><p><a href="{{trackingUrl}}">Track your package</a> · <a href="{{orderUrl}}">Your order</a></p><p>The {{shopName}} team</p></div>',
   array['customerName', 'orderNumber', 'carrier', 'trackingNumber', 'trackingUrl', 'orderUrl', 'shopName']),
  ('order-ready-for-pickup',
   'Order {{orderNumber}} is ready for pickup',
   E'Hi {{customerName}},\n\nOrder {{orderNumber}} is ready. Reply to this e-mail or call us to arrange the handoff.\n\nYour order: {{orderUrl}}\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><p>Hi {{customerName}},</p><p>Order <strong>{{orderNumber}}</strong> is ready. Reply to this e-mail or call us to arrange the handoff.</p><p><a href="{{orderUrl}}">Your order</a></p><p>The {{shopName}} team</p></div>',
   array['customerName', 'orderNumber', 'orderUrl', 'shopName']),
  ('order-refunded',
   'A refund of {{amount}} for order {{orderNumber}}',
   E'Hi {{customerName}},\n\nWe refunded {{amount}} for order {{orderNumber}} to your original payment method. It can take 5-10 business days to appear.\n\n{{reason}}\n\nYour order: {{orderUrl}}\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><p>Hi {{customerName}},</p><p>We refunded <strong>{{amount}}</strong> for order <strong>{{orderNumber}}</strong> to your original payment method. It can take 5-10 business days to appear.</p><p>{{reason}}</p><p><a href="{{orderUrl}}">Your order</a></p><p>The {{shopName}} team</p></div>',
   array['customerName', 'orderNumber', 'amount', 'reason', 'orderUrl', 'shopName']),
  ('artwork-reminder',
   'We still need your artwork for order {{orderNumber}}',
   E'Hi {{customerName}},\n\nOrder {{orderNumber}} is waiting for your artwork. Reply to this e-mail with your files (PNG, JPEG, PDF or SVG) and we will send you a proof.\n\nYour order: {{orderUrl}}\n\nThe {{shopName}} team',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><p>Hi {{customerName}},</p><p>Order <strong>{{orderNumber}}</strong> is waiting for your artwork. Reply to this e-mail with your files (PNG, JPEG, PDF or SVG) and we will send you a proof.</p><p><a href="{{orderUrl}}">Your order</a></p><p>The {{shopName}} team</p></div>',
   array['customerName', 'orderNumber', 'orderUrl', 'shopName'])
on conflict (name) do nothing;

-- The confirmation links to the customer's order page.
update public.email_templates
set txt = txt || E'\n\nFollow your order: {{orderUrl}}',
    html = html || '<p style="font-family:Arial,sans-serif;font-size:15px"><a href="{{orderUrl}}">Follow your order</a></p>',
    bindings = array_append(bindings, 'orderUrl')
where name = 'order-confirmation' and not ('orderUrl' = any (bindings));
