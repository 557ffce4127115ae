-- Issue 48: the owner may let the people of a business account (its address, or every address
-- at its domain) see all of the account's orders in My orders, not only the ones they placed.

alter table public.business_accounts add column orders_shared boolean not null default false;

comment on column public.business_accounts.orders_shared is
  'When true, every person the account matches (its e-mail, or any address at its domain) sees all orders placed on the account in My orders; when false, each sees only their own.';
