-- Issue 29: the order confirmation of a quote taken on a deposit says what was paid now and when
-- the balance is asked ({{depositLine}} / {{depositRowHtml}}: empty for an order paid in full).
-- A template the owner has reworded around its total keeps their words; the bindings are offered
-- either way.
update public.email_templates
   set txt = replace(txt, E'Total: {{total}}\n', E'Total: {{total}}\n{{depositLine}}'),
       html = replace(html,
         '<td align="right"><strong>{{total}}</strong></td></tr></table>',
         '<td align="right"><strong>{{total}}</strong></td></tr>{{depositRowHtml}}</table>')
 where name = 'order-confirmation'
   and not ('depositLine' = any (bindings));

update public.email_templates
   set bindings = bindings || array['depositLine', 'depositRowHtml']
 where name = 'order-confirmation'
   and not ('depositLine' = any (bindings));
