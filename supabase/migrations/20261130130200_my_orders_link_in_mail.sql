-- Issue 48: every e-mail the shop sends a customer carries a signed link to My orders,
-- {{myOrdersUrl}} (src/server/customers/my-orders-link.ts), just above the shop's footer. Only
-- templates that do not use it yet change, and only where the shop's footer is (a body the owner
-- wrote in their own layout, without it, is left as they wrote it). A
-- function, so the seed (which inserts the default templates after the migrations) adds the
-- link the same way with one call.

create or replace function public.add_my_orders_link() returns void
language sql
set search_path = public
as $$
  update public.email_templates
  set txt = replace(txt, '{{shopFooterText}}', E'All your orders with us: {{myOrdersUrl}}\n\n{{shopFooterText}}'),
      html = replace(html, '{{shopFooterHtml}}', '<p><a href="{{myOrdersUrl}}">All your orders with us</a></p>{{shopFooterHtml}}'),
      bindings = array_append(bindings, 'myOrdersUrl')
  where name in (
      'order-confirmation', 'store-order-confirmation', 'order-in-production', 'order-shipped',
      'order-ready-for-pickup', 'order-refunded', 'payment-request', 'payment-request-reminder',
      'payment-received', 'order-changed', 'account-order-confirm', 'invoice', 'bank-payment-failed',
      'invoice-overdue', 'store-order-printing', 'store-minimum-missed', 'artwork-reminder',
      'proof-ready', 'proof-changes-received', 'proof-approved', 'quote-request-received',
      'quote-ready', 'quote-accepted', 'quote-expiring')
    and not ('myOrdersUrl' = any (bindings))
    and (position('{{shopFooterText}}' in txt) > 0 or position('{{shopFooterHtml}}' in html) > 0);
$$;

comment on function public.add_my_orders_link() is
  'Adds the My orders link ({{myOrdersUrl}}) above the footer of each customer e-mail template that has none yet (issue 48).';

select public.add_my_orders_link();
