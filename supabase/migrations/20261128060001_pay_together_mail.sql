-- Issue 29: the payment request e-mail and its reminder offer the customer's pay-together link
-- when they owe on more than one order ({{payTogetherLine}} / {{payTogetherHtml}}: "You owe
-- $X on 3 orders: pay them together", empty otherwise). A template the owner has reworded
-- around its link keeps their words; the bindings are offered either way.
update public.email_templates
   set txt = replace(txt, E'See what is owed and pay here: {{orderUrl}}\n\n',
                          E'See what is owed and pay here: {{orderUrl}}\n\n{{payTogetherLine}}'),
       html = replace(html, '>See what is owed and pay</a></p>', '>See what is owed and pay</a></p>{{payTogetherHtml}}')
 where name in ('payment-request', 'payment-request-reminder')
   and not ('payTogetherLine' = any (bindings));

update public.email_templates
   set bindings = bindings || array['payTogetherLine', 'payTogetherHtml']
 where name in ('payment-request', 'payment-request-reminder')
   and not ('payTogetherLine' = any (bindings));
