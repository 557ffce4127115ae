-- orders.status is the payment's state only: pending, paid or cancelled. Where a paid job is in
-- the shop is orders.stage, which a paid order always has. 'fulfilled' (which nothing set since
-- stages came) becomes paid and completed; a paid order never moved starts where checkout puts
-- it: paid. docs/decisions/0026-house-renovation.md, "state kept once".

alter table public.orders drop constraint orders_fulfilled_has_fulfilled_at;
alter table public.orders drop constraint orders_paid_has_paid_at;
alter table public.orders drop constraint orders_status_check;

update public.orders set status = 'paid', stage = coalesce(stage, 'completed') where status = 'fulfilled';
update public.orders set stage = 'paid' where status = 'paid' and stage is null;

alter table public.orders
  add constraint orders_status_check check (status in ('pending', 'paid', 'cancelled')),
  add constraint orders_paid_has_paid_at check (status <> 'paid' or paid_at is not null),
  add constraint orders_paid_has_stage check (status <> 'paid' or stage is not null);

-- A write that marks an order paid without naming its stage (a script, a test, an older writer)
-- starts it at paid rather than failing the check; checkout names the stage itself.
create function public.orders_paid_starts_at_paid() returns trigger
language plpgsql as $$
begin
  if new.status = 'paid' and new.stage is null then
    new.stage := 'paid';
  end if;
  return new;
end;
$$;
create trigger orders_paid_starts_at_paid
  before insert or update of status, stage on public.orders
  for each row execute function public.orders_paid_starts_at_paid();

drop index public.orders_one_live_per_quote;
create unique index orders_one_live_per_quote on public.orders (quote_request_id)
  where quote_request_id is not null and status in ('pending', 'paid');

comment on column public.orders.status is
  'The payment''s state: pending (checkout open), paid, cancelled (released unpaid, or cancelled by the shop and refunded). Where a paid job is in the shop is stage.';
comment on column public.orders.stage is
  'Where a paid job is in the shop (src/lib/order-stages.ts); never null once the order is paid.';
comment on table public.orders is
  'One checkout. Payment states: pending -> paid, pending -> cancelled (change status with a conditional update on the current status and stamp the matching *_at); a paid job then moves through stage. Money in cents: total = subtotal - discount + shipping + tax. discount_code keeps the code text as applied, even if the code row is later deleted. payment_session_id is the provider checkout session (Stripe cs_... or the built-in test checkout); idempotency_key makes order creation safe to retry.';
