-- Issue 45: staff sign in with a one-time code e-mailed to them, as customers do for My orders
-- (one_time_codes, purpose 'staff': 10 minutes, 5 tries, once). The e-mail, owner-editable.

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('staff-sign-in-code',
   'Your {{shopName}} back office code: {{code}}',
   E'Your code to sign in to the {{shopName}} back office is {{code}}.\n\nType it on the sign-in page where you asked for it. It works once, until {{expiresAt}}.\n\nIf you did not ask for it, ignore this e-mail: nobody can sign in without the code.\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Your code to sign in to the {{shopName}} back office is</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">{{code}}</p><p>Type it on the sign-in page where you asked for it. It works once, until {{expiresAt}}.</p><p>If you did not ask for it, ignore this e-mail: nobody can sign in without the code.</p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['code', 'expiresAt', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
