-- Issue 41 (items 8 and 10): every e-mail says what was paid and what is owed.
-- The shop's "quote accepted" e-mail no longer calls a deposit paid in full: it says what was paid
-- ({{paid}}), what is owed ({{owed}}) and both in a few words for the subject ({{paidWords}}). A
-- template the owner reworded keeps their words; the new bindings are offered either way.
update public.email_templates
   set subject = 'Quote {{reference}} accepted: {{paidWords}}'
 where name = 'quote-accepted'
   and subject = 'Quote {{reference}} accepted and paid: {{total}}';

update public.email_templates
   set txt = E'{{fullName}} <{{emailAddress}}> accepted quote {{reference}} ({{what}}), {{total}} in all.\nPaid: {{paid}}. Owed: {{owed}} of {{total}}.\n\nIt is order {{orderNumber}} in the Orders tab, in the workflow from here.'
 where name = 'quote-accepted'
   and txt = E'{{fullName}} <{{emailAddress}}> accepted and paid quote {{reference}} ({{what}}): {{total}}.\n\nIt is order {{orderNumber}} in the Orders tab, in the workflow from here.';

update public.email_templates
   set bindings = bindings || array['paid', 'owed', 'paidWords']
 where name = 'quote-accepted'
   and not ('paidWords' = any (bindings));

-- Two e-mails to the customer, owner-editable like every other: an order the shop changed after
-- payment (what changed, the new total, what was paid and what is owed now), and every payment
-- received after checkout (a deposit's balance, a payment request, an invoice paid online).
insert into public.email_templates (name, subject, txt, html, bindings) values
  ('order-changed',
   'Order {{orderNumber}} changed: now {{total}}, {{owed}} owed',
   E'Hi {{customerName}},\n\nWe changed order {{orderNumber}}: {{whatChanged}}.\n\nNew total: {{total}} (was {{previousTotal}})\nPaid so far: {{paid}}\nOwed now: {{owed}}\n{{overpaidLine}}\nSee the order as it is now, and pay what is owed: {{orderUrl}}\n\nQuestions about the change? Just reply.\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>We changed order <strong>{{orderNumber}}</strong>: {{whatChanged}}.</p><table cellpadding="4" style="border-collapse:collapse"><tr><td>New total (was {{previousTotal}})</td><td align="right"><strong>{{total}}</strong></td></tr><tr><td>Paid so far</td><td align="right">{{paid}}</td></tr><tr><td>Owed now</td><td align="right"><strong>{{owed}}</strong></td></tr></table><p>{{overpaidLine}}</p><p><a href="{{orderUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">See the order as it is now</a></p><p>Questions about the change? Just reply.</p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'whatChanged', 'total', 'previousTotal', 'paid', 'owed', 'overpaidLine', 'orderUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText']),
  ('payment-received',
   'Order {{orderNumber}}: {{amount}} received, {{owed}} owed',
   E'Hi {{customerName}},\n\nWe received {{amount}} ({{what}}) for order {{orderNumber}}. Thank you!\n\nPaid so far: {{paid}} of {{total}}\nOwed now: {{owed}}\n{{refundedLine}}\nSee your order: {{orderUrl}}\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>We received <strong>{{amount}}</strong> ({{what}}) for order <strong>{{orderNumber}}</strong>. Thank you!</p><table cellpadding="4" style="border-collapse:collapse"><tr><td>Paid so far</td><td align="right">{{paid}} of {{total}}</td></tr><tr><td>Owed now</td><td align="right"><strong>{{owed}}</strong></td></tr></table><p>{{refundedLine}}</p><p><a href="{{orderUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">See your order</a></p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'amount', 'what', 'paid', 'total', 'owed', 'refundedLine', 'orderUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;

-- The payment request and its reminder say what was paid so far and what is owed now, beside
-- what they ask ({{paid}}, {{total}}, {{owed}}). A template the owner reworded around its link
-- keeps their words; the bindings are offered either way.
update public.email_templates
   set txt = replace(txt, E'See what is owed and pay here: {{orderUrl}}\n\n',
                          E'Paid so far: {{paid}} of {{total}}. Owed now: {{owed}}.\n\nSee what is owed and pay here: {{orderUrl}}\n\n'),
       html = replace(html, '<p><a href="{{orderUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700',
                            '<p>Paid so far: {{paid}} of {{total}}. Owed now: <strong>{{owed}}</strong>.</p><p><a href="{{orderUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700')
 where name in ('payment-request', 'payment-request-reminder')
   and not ('owed' = any (bindings));

update public.email_templates
   set bindings = bindings || array['paid', 'total', 'owed']
 where name in ('payment-request', 'payment-request-reminder')
   and not ('owed' = any (bindings));
