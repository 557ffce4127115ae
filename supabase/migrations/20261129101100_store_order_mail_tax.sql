-- Issue 41: a store buyer's confirmation listed the pieces and then a payment larger than their sum,
-- without naming the tax (or the shipping of a store that ships). {{chargesText}} / {{chargesHtml}}
-- say each charge and the total under the pieces. A template the owner has reworded around its
-- pieces keeps their words; the bindings are offered either way.
update public.email_templates
   set txt = replace(txt, E'{{itemsText}}\n\n', E'{{itemsText}}\n{{chargesText}}\n\n'),
       html = replace(html, '<tbody>{{itemsHtml}}</tbody>', '<tbody>{{itemsHtml}}{{chargesHtml}}</tbody>')
 where name = 'store-order-confirmation'
   and not ('chargesText' = any (bindings));

update public.email_templates
   set bindings = bindings || array['chargesText', 'chargesHtml']
 where name = 'store-order-confirmation'
   and not ('chargesText' = any (bindings));
