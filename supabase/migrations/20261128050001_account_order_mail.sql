-- Issue 29: the two e-mails of an on-account checkout. The first goes to the account's address
-- and asks to confirm the order (only someone who reads that mailbox can bill the account); the
-- second is the invoice, sent when the order is confirmed, with the order's and the invoice's
-- signed links. Both are owner-editable like every other template.

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('account-order-confirm',
   'Confirm order {{orderNumber}} on your {{accountName}} account',
   E'Hi {{customerName}},\n\nSomeone (we hope you) asked to place order {{orderNumber}} of {{total}} on the {{accountName}} account, purchase order {{poNumber}}.\n\nConfirm it here: {{confirmUrl}}\n\nThe order starts once it is confirmed, and the link works for 24 hours. If you did not ask for this, ignore this e-mail: nothing is billed.\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>Someone (we hope you) asked to place order <strong>{{orderNumber}}</strong> of <strong>{{total}}</strong> on the <strong>{{accountName}}</strong> account, purchase order <strong>{{poNumber}}</strong>.</p><p><a href="{{confirmUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">Confirm the order</a></p><p>The order starts once it is confirmed, and the link works for 24 hours. If you did not ask for this, ignore this e-mail: nothing is billed.</p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'total', 'accountName', 'poNumber', 'confirmUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText']),
  ('invoice',
   'Invoice {{invoiceNumber}} for order {{orderNumber}} (PO {{poNumber}})',
   E'Hi {{customerName}},\n\nThank you for order {{orderNumber}}, billed to the {{accountName}} account on purchase order {{poNumber}}.\n\nInvoice {{invoiceNumber}}: {{total}}, {{terms}}, due {{dueDate}}.\n\nView, print or pay it online: {{invoiceUrl}}\nFollow your order: {{orderUrl}}\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>Thank you for order <strong>{{orderNumber}}</strong>, billed to the <strong>{{accountName}}</strong> account on purchase order <strong>{{poNumber}}</strong>.</p><p>Invoice <strong>{{invoiceNumber}}</strong>: <strong>{{total}}</strong>, {{terms}}, due <strong>{{dueDate}}</strong>.</p><p><a href="{{invoiceUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">View, print or pay the invoice</a></p><p><a href="{{orderUrl}}" style="color:#BF5700;font-weight:bold">Follow your order</a></p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'accountName', 'poNumber', 'invoiceNumber', 'total', 'terms', 'dueDate', 'invoiceUrl', 'orderUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
