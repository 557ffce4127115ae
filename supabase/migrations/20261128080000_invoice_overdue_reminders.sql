-- Issue 29: an invoice past its due date whose order still owes is reminded by e-mail once a week
-- (a job of the scheduled sweep), through the outbox with this template, which the owner may edit.
-- invoices.reminded_at (20261128050000_invoices.sql) is when the last reminder went.

-- The sweep looks for invoices past due, reminded never or more than a week ago.
create index invoices_overdue_idx on public.invoices (due_on, reminded_at);

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('invoice-overdue',
   'Invoice {{invoiceNumber}} is {{daysOverdue}} past due',
   E'Hi {{customerName}},\n\nInvoice {{invoiceNumber}} for order {{orderNumber}} (PO {{poNumber}}) was due on {{dueDate}} and {{amount}} is still owed. It is now {{daysOverdue}} past due.\n\nSee the invoice and pay online here: {{invoiceUrl}}\n\nIf you have already sent payment, thank you, and please ignore this e-mail. Questions about the invoice? Just reply.\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>Invoice <strong>{{invoiceNumber}}</strong> for order <strong>{{orderNumber}}</strong> (PO {{poNumber}}) was due on {{dueDate}} and <strong>{{amount}}</strong> is still owed. It is now {{daysOverdue}} past due.</p><p><a href="{{invoiceUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">See the invoice and pay</a></p><p>If you have already sent payment, thank you, and please ignore this e-mail. Questions about the invoice? Just reply.</p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'accountName', 'invoiceNumber', 'orderNumber', 'poNumber', 'amount', 'dueDate', 'daysOverdue', 'invoiceUrl', 'orderUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
