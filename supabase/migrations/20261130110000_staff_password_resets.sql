-- Issue 45: a person who forgot their password asks for a reset from the admin's sign-in. The
-- e-mailed link is signed (purpose staff-reset, the row id, one hour) and only its SHA-256 is
-- kept; it sets a password once, and doing so signs the person out everywhere.

create table public.staff_password_resets (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references public.staff_accounts (id) on delete cascade,
  token_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.staff_password_resets is
  'A password reset a person asked for: the e-mailed link is signed (purpose staff-reset, the row id, an expiry) and only its SHA-256 is kept here; it opens once, until expires_at (one hour). A newer reset replaces the unused ones.';

create index staff_password_resets_staff_idx on public.staff_password_resets (staff_id);

alter table public.staff_password_resets enable row level security;
-- No policies: only the server reads or writes them.

-- The reset e-mail, owner-editable like every other.
insert into public.email_templates (name, subject, txt, html, bindings) values
  ('staff-password-reset',
   'Reset your {{shopName}} back office password',
   E'Hi {{staffName}},\n\nSomeone (we hope you) asked to reset your password for the {{shopName}} back office.\n\nSet a new password here (the link works once, until {{expiresAt}}): {{resetUrl}}\n\nSetting it signs you out on every device. If you did not ask, ignore this e-mail: your password stays as it is.\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{staffName}},</p><p>Someone (we hope you) asked to reset your password for the {{shopName}} back office.</p><p><a href="{{resetUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">Set a new password</a></p><p>The link works once, until {{expiresAt}}. Setting a new password signs you out on every device. If you did not ask, ignore this e-mail: your password stays as it is.</p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['staffName', 'resetUrl', 'expiresAt', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
