-- Issue 45: every person signs in as themselves. Staff accounts with one role each, sessions as
-- rows (so one can be signed out, and suspending a person ends all of theirs at once), and
-- one-use invitations. Today's shared admin password becomes the Owner account: that row has no
-- e-mail and no hash of its own (uses_shop_password), so it keeps signing in with the password
-- alone, checked against ADMIN_PASSWORD_HASH or the embedded password as before.

create table public.staff_accounts (
  id uuid primary key default gen_random_uuid(),
  email text,
  name text not null,
  role text not null check (role in ('owner', 'office', 'art', 'production', 'shipping')),
  status text not null default 'active' check (status in ('invited', 'active', 'suspended')),
  password_hash text,
  uses_shop_password boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint staff_accounts_email_length check (email is null or char_length(email) between 3 and 254),
  constraint staff_accounts_name_length check (char_length(name) between 1 and 120),
  -- A person other than the shop-password owner signs in with an e-mail address.
  constraint staff_accounts_email_or_shop_password check (email is not null or uses_shop_password)
);

comment on table public.staff_accounts is
  'People who work in the back office, one role each (src/server/staff/roles.ts). The account with uses_shop_password signs in with the shop''s admin password alone; others with e-mail and password. Suspended people cannot sign in and their sessions end at once.';

create unique index staff_accounts_email_key on public.staff_accounts (lower(email)) where email is not null;
create unique index staff_accounts_one_shop_password on public.staff_accounts (uses_shop_password) where uses_shop_password;

alter table public.staff_accounts enable row level security;
-- No policies: only the server (service role) reads or writes staff.

create table public.staff_sessions (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references public.staff_accounts (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  device text not null default '',
  revoked_at timestamptz
);

comment on table public.staff_sessions is
  'One row per sign-in; the admin token carries its id, and every admin request checks it is not revoked (one indexed lookup, in place of the old revocation lookup). device is a few words from the user agent.';

create index staff_sessions_staff_idx on public.staff_sessions (staff_id, created_at desc);

alter table public.staff_sessions enable row level security;
-- No policies.

create table public.staff_invitations (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references public.staff_accounts (id) on delete cascade,
  token_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.staff_invitations is
  'An invitation to set a password: the e-mailed link is signed (purpose staff-invite, the row id, an expiry) and only its SHA-256 is kept here; it opens once, until expires_at.';

create index staff_invitations_staff_idx on public.staff_invitations (staff_id);

alter table public.staff_invitations enable row level security;
-- No policies.

-- Failed sign-ins are also counted per account (a keyed hash of the e-mail, or 'owner' for the
-- password alone), so many addresses cannot guess one person's password.
alter table public.login_attempts add column account_key text;
create index login_attempts_account_time_idx on public.login_attempts (account_key, attempted_at);

-- Today's password is the Owner.
insert into public.staff_accounts (email, name, role, status, uses_shop_password)
values (null, 'The owner', 'owner', 'active', true);

-- The invitation e-mail, owner-editable like every other.
insert into public.email_templates (name, subject, txt, html, bindings) values
  ('staff-invitation',
   'You are invited to the {{shopName}} back office',
   E'Hi {{staffName}},\n\n{{invitedBy}} invited you to the {{shopName}} back office as {{roleName}}.\n\nSet your password here (the link works once, until {{expiresAt}}): {{inviteUrl}}\n\nThen sign in with this e-mail address at {{adminUrl}}.\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{staffName}},</p><p>{{invitedBy}} invited you to the {{shopName}} back office as <strong>{{roleName}}</strong>.</p><p><a href="{{inviteUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">Set your password</a></p><p>The link works once, until {{expiresAt}}. Then sign in with this e-mail address at <a href="{{adminUrl}}">{{adminUrl}}</a>.</p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['staffName', 'invitedBy', 'roleName', 'inviteUrl', 'expiresAt', 'adminUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
