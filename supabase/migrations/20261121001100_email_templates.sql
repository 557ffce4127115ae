-- Editable e-mail templates with {{binding}} placeholders.

create table public.email_templates (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (name ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  subject text not null,
  txt text not null default '',
  html text not null default '',
  bindings text[] not null default '{}' check (public.text_array_is_unique(bindings)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.email_templates is
  'E-mail templates looked up by name (contact-notification, contact-acknowledgement, newsletter-welcome, order-confirmation). subject, txt and html use {{binding}} placeholders; bindings lists the names a template expects (unique, no nulls).';

create trigger email_templates_set_updated_at
  before update on public.email_templates
  for each row execute function public.set_updated_at();

alter table public.email_templates enable row level security;
-- No policies.
