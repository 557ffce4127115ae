-- Issue 30: the e-mail a store buyer gets when their order is paid: what they bought (with the
-- name and number printed on it), when the store closes, and when and where to expect it. The
-- owner may edit it like every other template.

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('store-order-confirmation',
   'Your {{storeName}} order {{orderNumber}}',
   E'Hi {{customerName}},\n\nThank you for your order {{orderNumber}} from the {{storeName}} store. We have your payment of {{total}}.\n\n{{itemsText}}\n\nThe store closes {{closesAt}}. Everything is printed together after the close, so expect your order {{deliveryWhen}}. {{deliveryWhere}}\n\nFollow your order: {{orderUrl}}\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>Thank you for your order <strong>{{orderNumber}}</strong> from the <strong>{{storeName}}</strong> store. We have your payment of <strong>{{total}}</strong>.</p><table style="width:100%;border-collapse:collapse;font-size:14px"><tbody>{{itemsHtml}}</tbody></table><p>The store closes <strong>{{closesAt}}</strong>. Everything is printed together after the close, so expect your order <strong>{{deliveryWhen}}</strong>. {{deliveryWhere}}</p><p><a href="{{orderUrl}}" style="color:#BF5700;font-weight:bold">Follow your order</a></p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'storeName', 'itemsText', 'itemsHtml', 'total', 'closesAt', 'deliveryWhen', 'deliveryWhere', 'orderUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
