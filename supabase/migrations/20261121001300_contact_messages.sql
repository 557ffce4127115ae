-- Messages sent through the contact form.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (char_length(btrim(full_name)) between 1 and 200),
  email text not null check (email = btrim(email) and email like '_%@_%' and char_length(email) <= 320),
  subject text not null default 'General Inquiry'
    check (subject in ('General Inquiry', 'Order Help', 'Event Partnerships', 'Other')),
  message text not null check (char_length(btrim(message)) between 1 and 10000),
  created_at timestamptz not null default now()
);

comment on table public.contact_messages is
  'Contact form submissions. subject is the inquiry type chosen in the form.';

create index contact_messages_created_at_idx on public.contact_messages (created_at);

alter table public.contact_messages enable row level security;
-- No policies.
