-- Issue 48: a customer signed in to "My orders" on one device for 30 days. The cookie holds a
-- random token; the row keeps only its SHA-256, so signing out (or the shop) ends it at once.

create table public.customer_sessions (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(btrim(email)) and char_length(email) between 3 and 254),
  token_hash text not null unique,
  device text not null default '',
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);

comment on table public.customer_sessions is
  'One row per customer sign-in (by one-time code or a signed e-mail link) to My orders: the address, a SHA-256 of the cookie''s token, 30 days. revoked_at is set by signing out.';

create index customer_sessions_email_idx on public.customer_sessions (email);

alter table public.customer_sessions enable row level security;
-- No policies.

-- My orders finds a customer's quotes by address (orders have orders_email_lower_idx).
create index if not exists quote_requests_email_lower_idx on public.quote_requests (lower(email));

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('customer-sign-in-code',
   'Your {{shopName}} sign-in code: {{code}}',
   E'Your code to see your orders at {{shopName}} is {{code}}.\n\nType it on the page where you asked for it. It works once, until {{expiresAt}}.\n\nIf you did not ask for it, ignore this e-mail: nobody can sign in without the code.\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Your code to see your orders at {{shopName}} is</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">{{code}}</p><p>Type it on the page where you asked for it. It works once, until {{expiresAt}}.</p><p>If you did not ask for it, ignore this e-mail: nobody can sign in without the code.</p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['code', 'expiresAt', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
