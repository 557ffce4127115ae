-- Issue 30: the close of a store. Its buyers hear from the shop twice at most: when the designs
-- they bought go to the press ("your order is being printed"), or when a design they bought
-- missed its minimum and its pieces are refunded. Both are owner-editable like every template.
-- A refund remembers which e-mail tells the customer about it, so a refund the sweep settles
-- after an interruption sends the same one the close meant to send.

alter table public.order_refunds
  add column mail_template text check (mail_template is null or mail_template in ('store-minimum-missed'));

comment on column public.order_refunds.mail_template is
  'The e-mail that tells the customer about this refund when it is made; null: the usual "Refund issued" (order-refunded).';

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('store-order-printing',
   'Your {{storeName}} order {{orderNumber}} is being printed',
   E'Hi {{customerName}},\n\n{{storeName}} has closed and your order {{orderNumber}} is going to the press with everyone else''s:\n\n{{itemsText}}\n\n{{deliveryText}}\n\nFollow your order: {{orderUrl}}\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p><strong>{{storeName}}</strong> has closed and your order <strong>{{orderNumber}}</strong> is going to the press with everyone else''s:</p><p style="white-space:pre-line">{{itemsText}}</p><p>{{deliveryText}}</p><p><a href="{{orderUrl}}" style="color:#BF5700;font-weight:bold">Follow your order</a></p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'storeName', 'itemsText', 'deliveryText', 'orderUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText']),
  ('store-minimum-missed',
   'A design of {{storeName}} will not be printed: {{amount}} refunded',
   E'Hi {{customerName}},\n\n{{reason}}\n\nWe have refunded {{amount}} of your order {{orderNumber}} to the card you paid with; it reaches your account within 5 to 10 business days.\n\nYour order: {{orderUrl}}\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>{{reason}}</p><p>We have refunded <strong>{{amount}}</strong> of your order <strong>{{orderNumber}}</strong> to the card you paid with; it reaches your account within 5 to 10 business days.</p><p><a href="{{orderUrl}}" style="color:#BF5700;font-weight:bold">Your order</a></p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'storeName', 'reason', 'amount', 'orderUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
