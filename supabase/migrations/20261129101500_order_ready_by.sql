-- Issue 41, item 13: the day a turnaround list promised when the order was placed ("Ready by Thu,
-- Dec 3" on the product page and in the cart, standard or rush) is kept on the order, so the
-- receipt repeats it and the owner works to it as the order's due date (with the customer's
-- in-hands date, the earlier of the two). A shop calendar day; null for an order priced without
-- a turnaround list. Orders already have their policies; a new column needs none.

alter table public.orders add column if not exists ready_by date;

comment on column public.orders.ready_by is
  'The day the turnaround promised at checkout (business days of the option chosen, from the shop''s day the order was placed); null when no turnaround list priced it.';

-- The order confirmation says the promised day ({{readyByLine}} / {{readyByHtml}}: empty for an
-- order without one). A template the owner has reworded around its fulfillment keeps their words;
-- the bindings are offered either way.
update public.email_templates
   set txt = replace(txt, E'Fulfillment: {{fulfillment}}\n', E'Fulfillment: {{fulfillment}}\n{{readyByLine}}'),
       html = replace(html, 'Fulfillment: {{fulfillment}}</p>', 'Fulfillment: {{fulfillment}}</p>{{readyByHtml}}')
 where name = 'order-confirmation'
   and not ('readyByLine' = any (bindings));

update public.email_templates
   set bindings = bindings || array['readyByLine', 'readyByHtml']
 where name = 'order-confirmation'
   and not ('readyByLine' = any (bindings));
