-- Payment anomalies the owner must act on, kept on the order so the back office shows them
-- (a log line alone is read by nobody): today, a payment that completed after the order had
-- been cancelled or had expired and its stock was put back.

alter table public.orders
  add column attention_reason text
    check (attention_reason is null or char_length(btrim(attention_reason)) between 1 and 500),
  add column attention_at timestamptz,
  add constraint orders_attention_has_time check ((attention_reason is null) = (attention_at is null));

comment on column public.orders.attention_reason is
  'Why the order needs the owner''s attention (null = nothing to do), e.g. a payment that completed after the order was cancelled or expired: refund it or fulfil it by hand. Set by the payment webhook, shown in the admin orders list and detail.';
comment on column public.orders.attention_at is
  'When attention_reason was set; null exactly when attention_reason is null.';

create index orders_attention_idx on public.orders (attention_at desc) where attention_reason is not null;
