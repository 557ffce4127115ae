-- Issue 28: the e-mails a customer reads carry the shop's logo, address and phone (the
-- {{shopHeaderHtml}}, {{shopFooterHtml}} and {{shopFooterText}} values every e-mail now gets), the order
-- confirmation shows the discount only when there is one and says shipping or local handoff, and
-- the confirmation and the artwork reminder link to the order page to upload missing artwork.
-- Templates the owner changed keep their words: the new defaults replace a body only while it is
-- still the old default, and the header and footer are added only around the shop's own layout.
-- (The seed's copies of these templates are already the new ones.)

update public.email_templates
   set txt = E'Hi {{customerName}},\n\nThanks for your order! We have received your payment and your order {{orderNumber}} is in line for the press.\n\n{{artworkText}}\n\n{{itemsText}}\n\nSubtotal: {{subtotal}}\n{{discountLine}}{{shippingLabel}}: {{shipping}}\nEstimated tax: {{tax}}\nTotal: {{total}}\n\nFulfillment: {{fulfillment}}\n\nWe will e-mail you again when it ships or is ready for pickup. Questions? Just reply to this e-mail or call us at {{shopPhone}}.\n\nFollow your order: {{orderUrl}}\n\nThe {{shopName}} team\nPrints with West Texas energy.\n\n{{shopFooterText}}'
 where name = 'order-confirmation' and txt = E'Hi {{customerName}},\n\nThanks for your order! We have received your payment and your order {{orderNumber}} is in line for the press.\n\n{{itemsText}}\n\nSubtotal: {{subtotal}}\nDiscount: {{discount}}\nShipping: {{shipping}}\nEstimated tax: {{tax}}\nTotal: {{total}}\n\nFulfillment: {{fulfillment}}\n\nWe will e-mail you again when it ships or is ready for pickup. Questions? Just reply to this e-mail.\n\nFollow your order: {{orderUrl}}\n\nThe {{shopName}} team\nPrints with West Texas energy.';

update public.email_templates
   set html = '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<h1 style="color:#BF5700">Thanks for your order!</h1><p>Hi {{customerName}}, we have received your payment and order <strong>{{orderNumber}}</strong> is in line for the press.</p>{{artworkHtml}}<table style="width:100%;border-collapse:collapse;font-size:14px"><thead><tr><th align="left">Item</th><th align="right">Qty</th><th align="right">Amount</th></tr></thead><tbody>{{itemsHtml}}</tbody></table><table style="width:100%;font-size:14px;margin-top:12px"><tr><td>Subtotal</td><td align="right">{{subtotal}}</td></tr>{{discountRowHtml}}<tr><td>{{shippingLabel}}</td><td align="right">{{shipping}}</td></tr><tr><td>Estimated tax</td><td align="right">{{tax}}</td></tr><tr><td><strong>Total</strong></td><td align="right"><strong>{{total}}</strong></td></tr></table><p>Fulfillment: {{fulfillment}}</p><p>We will e-mail you again when it ships or is ready for pickup. Questions? Just reply to this e-mail or call us at <a href="tel:{{shopPhone}}">{{shopPhone}}</a>.</p><p><a href="{{orderUrl}}" style="color:#BF5700;font-weight:bold">Follow your order</a></p><p>The {{shopName}} team<br><em style="color:#BF5700">Prints with West Texas energy.</em></p>{{shopFooterHtml}}</div>'
 where name = 'order-confirmation' and html = '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><h1 style="color:#BF5700">Thanks for your order!</h1><p>Hi {{customerName}}, we have received your payment and order <strong>{{orderNumber}}</strong> is in line for the press.</p><table style="width:100%;border-collapse:collapse;font-size:14px"><thead><tr><th align="left">Item</th><th align="right">Qty</th><th align="right">Amount</th></tr></thead><tbody>{{itemsHtml}}</tbody></table><table style="width:100%;font-size:14px;margin-top:12px"><tr><td>Subtotal</td><td align="right">{{subtotal}}</td></tr><tr><td>Discount</td><td align="right">{{discount}}</td></tr><tr><td>Shipping</td><td align="right">{{shipping}}</td></tr><tr><td>Estimated tax</td><td align="right">{{tax}}</td></tr><tr><td><strong>Total</strong></td><td align="right"><strong>{{total}}</strong></td></tr></table><p>Fulfillment: {{fulfillment}}</p><p>We will e-mail you again when it ships or is ready for pickup. Questions? Just reply to this e-mail.</p><p><a href="{{orderUrl}}" style="color:#BF5700;font-weight:bold">Follow your order</a></p><p>The {{shopName}} team<br><em style="color:#BF5700">Prints with West Texas energy.</em></p></div>';

update public.email_templates
   set txt = E'Hi {{customerName}},\n\nOrder {{orderNumber}} is waiting for your artwork.\n\n{{artworkText}}\n\nYou can also reply to this e-mail with your files (PNG, JPEG, PDF or SVG). We will send you a proof once we have them.\n\nYour order: {{orderUrl}}\n\nThe {{shopName}} team\n\n{{shopFooterText}}'
 where name = 'artwork-reminder' and txt = E'Hi {{customerName}},\n\nOrder {{orderNumber}} is waiting for your artwork. Reply to this e-mail with your files (PNG, JPEG, PDF or SVG) and we will send you a proof.\n\nYour order: {{orderUrl}}\n\nThe {{shopName}} team';

update public.email_templates
   set html = '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>Order <strong>{{orderNumber}}</strong> is waiting for your artwork.</p>{{artworkHtml}}<p>You can also reply to this e-mail with your files (PNG, JPEG, PDF or SVG). We will send you a proof once we have them.</p><p><a href="{{orderUrl}}">Your order</a></p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>'
 where name = 'artwork-reminder' and html = '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px"><p>Hi {{customerName}},</p><p>Order <strong>{{orderNumber}}</strong> is waiting for your artwork. Reply to this e-mail with your files (PNG, JPEG, PDF or SVG) and we will send you a proof.</p><p><a href="{{orderUrl}}">Your order</a></p><p>The {{shopName}} team</p></div>';

-- The header and footer around every other e-mail to a customer still in the shop's layout.
update public.email_templates
   set html = '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">' || '{{shopHeaderHtml}}' || substr(html, 88, char_length(html) - 93) || '{{shopFooterHtml}}</div>'
 where name in ('order-in-production', 'order-shipped', 'order-ready-for-pickup', 'order-refunded', 'proof-ready', 'proof-changes-received', 'proof-approved', 'quote-request-received', 'quote-ready', 'quote-expiring', 'contact-acknowledgement', 'newsletter-welcome', 'order-confirmation', 'artwork-reminder')
   and starts_with(html, '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">')
   and right(html, 6) = '</div>'
   and position('{{shopHeaderHtml}}' in html) = 0
   and position('{{shopFooterHtml}}' in html) = 0;

update public.email_templates
   set txt = txt || E'\n\n{{shopFooterText}}'
 where name in ('order-in-production', 'order-shipped', 'order-ready-for-pickup', 'order-refunded', 'proof-ready', 'proof-changes-received', 'proof-approved', 'quote-request-received', 'quote-ready', 'quote-expiring', 'contact-acknowledgement', 'newsletter-welcome', 'order-confirmation', 'artwork-reminder')
   and position('{{shopFooterText}}' in txt) = 0;

-- The values each template now uses, listed for the owner (kept unique).
update public.email_templates t
   set bindings = array(select b from unnest(t.bindings || array['customerName', 'orderNumber', 'itemsText', 'itemsHtml', 'subtotal', 'discount', 'discountLine', 'discountRowHtml', 'shippingLabel', 'shipping', 'tax', 'total', 'fulfillment', 'shopName', 'shopPhone', 'orderUrl', 'artworkText', 'artworkHtml', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText']) with ordinality as u (b, n) where b = any (t.bindings) or position('{{' || b || '}}' in (t.subject || t.txt || t.html)) > 0 group by b order by min(n))
 where name = 'order-confirmation';

update public.email_templates t
   set bindings = array(select b from unnest(t.bindings || array['customerName', 'orderNumber', 'orderUrl', 'shopName', 'artworkText', 'artworkHtml', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText']) with ordinality as u (b, n) where b = any (t.bindings) or position('{{' || b || '}}' in (t.subject || t.txt || t.html)) > 0 group by b order by min(n))
 where name = 'artwork-reminder';

update public.email_templates t
   set bindings = array(select b from unnest(t.bindings || array['shopHeaderHtml', 'shopFooterHtml', 'shopFooterText']) with ordinality as u (b, n) where b = any (t.bindings) or position('{{' || b || '}}' in (t.subject || t.txt || t.html)) > 0 group by b order by min(n))
 where name in ('order-in-production', 'order-shipped', 'order-ready-for-pickup', 'order-refunded', 'proof-ready', 'proof-changes-received', 'proof-approved', 'quote-request-received', 'quote-ready', 'quote-expiring', 'contact-acknowledgement', 'newsletter-welcome', 'order-confirmation', 'artwork-reminder');
