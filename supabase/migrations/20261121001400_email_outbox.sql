-- Outgoing mail queue: written in the same transaction as the event, sent afterwards.

create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null check (to_address like '_%@_%'),
  template_name text,
  subject text not null,
  text_body text not null,
  html_body text,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint email_outbox_sent_has_sent_at check (status <> 'sent' or sent_at is not null)
);

comment on table public.email_outbox is
  'Rendered e-mails waiting to be sent (or, without SMTP, just logged). A sender claims due rows (status queued, next_attempt_at <= now()) by moving them to sending, then marks them sent or, after a failure, back to queued with a later next_attempt_at, or failed once attempts run out.';

create index email_outbox_due_idx on public.email_outbox (status, next_attempt_at);

alter table public.email_outbox enable row level security;
-- No policies.
