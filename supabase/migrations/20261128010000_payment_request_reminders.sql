-- Issue 29: an open payment request the customer has not paid is reminded by e-mail 3 and 7 days
-- after it was asked (a job of the scheduled sweep). reminders_sent is how many of those two
-- reminders are done: a request first seen by the sweep at day 8 gets one e-mail, the later one,
-- and both count as done, so it is never reminded twice. reminded_at is when the last one went.

alter table public.payment_requests
  add column reminders_sent smallint not null default 0 check (reminders_sent between 0 and 2),
  add column reminded_at timestamptz;

comment on column public.payment_requests.reminders_sent is
  'How many of the unpaid-request reminders (3 and 7 days after it was asked) are done: 0, 1 or 2. A request first reminded after 7 days gets one e-mail and counts 2.';

-- The sweep looks for open requests older than 3 days that still have a reminder to come.
create index payment_requests_reminders_due_idx on public.payment_requests (created_at)
  where status = 'open' and reminders_sent < 2;

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('payment-request-reminder',
   'Reminder: {{amount}} is still owed on order {{orderNumber}}',
   E'Hi {{customerName}},\n\n{{daysSinceAsked}} days ago we asked for {{amount}} ({{what}}) on order {{orderNumber}}, and it is still open.\n\n{{note}}\n\nSee what is owed and pay here: {{orderUrl}}\n\nIf you have already paid, thank you, and please ignore this e-mail.\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>{{daysSinceAsked}} days ago we asked for <strong>{{amount}}</strong> ({{what}}) on order <strong>{{orderNumber}}</strong>, and it is still open.</p><p>{{note}}</p><p><a href="{{orderUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">See what is owed and pay</a></p><p>If you have already paid, thank you, and please ignore this e-mail.</p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'amount', 'what', 'note', 'daysSinceAsked', 'orderUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
