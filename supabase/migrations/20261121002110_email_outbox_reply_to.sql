-- The Reply-To of an outgoing e-mail: the contact notification goes to the shop from the shop's
-- own address, and answering it must reach the visitor who wrote.

alter table public.email_outbox
  add column reply_to text check (reply_to is null or (reply_to like '_%@_%' and reply_to !~ '[\r\n]'));

comment on column public.email_outbox.reply_to is
  'Reply-To header of the e-mail (null = replies go to the sender). Set on the contact notification to the visitor''s address.';
