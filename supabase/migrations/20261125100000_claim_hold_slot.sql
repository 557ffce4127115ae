-- A client's open holds, counted under the client's lock in one call (docs/decisions/0015-print-ordering.md: checkout's
-- round trips). Checkout used to send the lock and the count as two statements; a VOLATILE
-- PL/pgSQL function runs each of its statements with a fresh snapshot, so the count taken after
-- the lock sees every order the client's previous lock holder committed, exactly as the second
-- statement did. The lock is transaction-scoped: checkouts of one client queue until the one
-- holding it commits or rolls back.

create function public.claim_hold_slot(client_key text)
returns table (open_holds integer, retry_after integer)
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('checkout-hold:' || client_key, 0));
  return query
    select count(*)::integer,
           ceil(extract(epoch from (min(o.expires_at) - now())))::integer
    from public.orders o
    where o.hold_client_key = client_key and o.status = 'pending' and o.expires_at > now();
end;
$$;

comment on function public.claim_hold_slot(text) is
  'Checkout only (src/server/checkout/hold-limit.ts): takes the client''s transaction-scoped hold lock, then counts its pending, unexpired orders and the seconds until the first lapses.';

-- The shop's server calls it as the owner; nobody else may (Supabase grants new functions to
-- its API roles, which plain PostgreSQL and PGlite do not have).
revoke all on function public.claim_hold_slot(text) from public;
do $$
declare api_role text;
begin
  foreach api_role in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = api_role) then
      execute format('revoke all on function public.claim_hold_slot(text) from %I', api_role);
    end if;
  end loop;
end;
$$;
