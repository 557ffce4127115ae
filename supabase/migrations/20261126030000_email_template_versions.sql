-- Earlier versions of each e-mail template, so a bad save in the admin can be undone.

create table public.email_template_versions (
  id uuid primary key default gen_random_uuid(),
  template_id uuid not null references public.email_templates (id) on delete cascade,
  subject text not null,
  txt text not null,
  html text not null,
  bindings text[] not null default '{}',
  saved_at timestamptz not null,
  replaced_at timestamptz not null default now(),
  replaced_by text not null check (char_length(replaced_by) between 1 and 200)
);

create index email_template_versions_template_idx
  on public.email_template_versions (template_id, replaced_at desc);

comment on table public.email_template_versions is
  'What an e-mail template said before each admin save replaced it (the server keeps the newest 20 per template). Restoring one is an ordinary save of its content, so a restore can be undone too.';
comment on column public.email_template_versions.saved_at is
  'When this content was saved (the template''s updated_at at the time).';
comment on column public.email_template_versions.replaced_at is
  'When a later save replaced it.';
comment on column public.email_template_versions.replaced_by is
  'Who replaced it: the admin token''s subject (the shop has one admin password).';

alter table public.email_template_versions enable row level security;
-- No policies: read and written by the server only.
