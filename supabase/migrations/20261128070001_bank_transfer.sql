-- Issue 29: bank transfer (Stripe ACH Direct Debit, us_bank_account) on payment requests. A bank
-- payment is asynchronous: Checkout completes with the payment still processing, and Stripe
-- says days later whether it succeeded or failed. While it processes the request stays open but
-- cannot be paid again (processing_since); a success records the payment with its method, a
-- failure opens the request again and e-mails the customer.

alter table public.order_payments drop constraint order_payments_method_check;
alter table public.order_payments
  add constraint order_payments_method_check check (method in ('card', 'test', 'us_bank_account'));

alter table public.payment_requests
  add column processing_since timestamptz,
  add constraint payment_requests_processing_session check (
    processing_since is null or (status = 'open' and session_id is not null));

comment on column public.payment_requests.processing_since is
  'When the bank payment of the request''s session (session_id, session_amount_cents) started processing; null when none is. A processing request is not offered for payment again.';

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('bank-payment-failed',
   'Your bank payment for order {{orderNumber}} did not go through',
   E'Hi {{customerName}},\n\nYour bank payment of {{amount}} ({{what}}) for order {{orderNumber}} did not go through, and nothing was taken.\n\nThe payment is still owed. Pay again here: {{orderUrl}}\n\nQuestions? Just reply to this e-mail.\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{customerName}},</p><p>Your bank payment of <strong>{{amount}}</strong> ({{what}}) for order <strong>{{orderNumber}}</strong> did not go through, and nothing was taken.</p><p>The payment is still owed.</p><p><a href="{{orderUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">Pay again</a></p><p>Questions? Just reply to this e-mail.</p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'amount', 'what', 'orderUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;
