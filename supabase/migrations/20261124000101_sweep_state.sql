-- What the scheduled sweep remembers between runs (docs/decisions/0013-trust-audit.md): one row per job, so a job fires
-- once per change it watches for (a collection window opening or closing, say) however often
-- the sweep runs, and whichever instance runs it.

create table public.sweep_state (
  job text primary key check (char_length(job) between 1 and 64),
  state jsonb not null,
  updated_at timestamptz not null default now()
);

comment on table public.sweep_state is
  'Last known state of each job of the scheduled sweep (job name -> state as JSON, e.g. {"day": "2026-11-24"} for the collection-dates job); updated with a compare-and-set so concurrent runs act once.';

alter table public.sweep_state enable row level security;
-- No policies: only the server's sweep reads and writes it.
