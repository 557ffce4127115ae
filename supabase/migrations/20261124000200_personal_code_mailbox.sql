-- Personal promo codes are bound to a mailbox (docs/decisions/0013-trust-audit.md): one welcome
-- code per mailbox, usable only by an order for that mailbox, and the order records the address it was bound to.

-- The shop's one rule for "the same mailbox" (src/lib/mailbox.ts has the same): a +tag on the
-- local part dropped, A-Z folded. Only ASCII is folded, so the answer does not depend on the
-- server's locale and always agrees with the TypeScript side.
create function public.mailbox_key(email text) returns text
  language sql immutable strict parallel safe
  set search_path = ''
  as $$ select translate(regexp_replace(btrim(email), '\+[^@]*@', '@'), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') $$;

comment on function public.mailbox_key(text) is
  'The mailbox an address delivers to: +tag dropped, A-Z folded (Sam+Shop@Example.com = sam@example.com).';

-- A sign-up looks for an earlier one to the same mailbox (under an advisory lock on the key, so
-- two sign-ups of one mailbox at once make one subscriber and one code).
create index newsletter_subscribers_mailbox_idx on public.newsletter_subscribers (public.mailbox_key(email));
create index discount_codes_mailbox_idx on public.discount_codes (public.mailbox_key(email)) where email is not null;

alter table public.orders add column discount_email text
  check (discount_email is null or (discount_email = btrim(discount_email) and discount_email like '_%@_%'));

comment on column public.orders.discount_email is
  'The address a personal promo code bound this order to (the code''s discount_codes.email): the order is paid and confirmed for this address only (Stripe customer_email; the test checkout refuses another).';
comment on column public.discount_codes.email is
  'Set = a personal code: usable only by an order whose e-mail reaches the same mailbox (public.mailbox_key).';
