import { type Kysely, sql } from 'kysely';
import type { AdminPaymentSettings, PaymentSettingsInput } from '../../../lib/admin-schemas/payment-settings.ts';
import { DEFAULT_DEPOSIT_PERCENT } from '../../../lib/orders/order-balance.ts';
import type { Database } from '../../db/types.ts';

/** The owner's payment settings (docs/decisions/0029-deposits.md): the one row of payment_settings. */
export interface PaymentSettings {
  defaultDepositPercent: number;
  /** A request's Stripe page offers bank transfer from this amount; null: never. */
  bankTransferMinCents: number | null;
}

/** The settings; the migration's defaults if the row is missing (a database restored without it). */
export async function readPaymentSettings(db: Kysely<Database>): Promise<PaymentSettings> {
  const row = await db
    .selectFrom('payment_settings')
    .select(['default_deposit_percent', 'bank_transfer_min_cents'])
    .where('id', '=', true)
    .executeTakeFirst();
  return {
    defaultDepositPercent: row?.default_deposit_percent ?? DEFAULT_DEPOSIT_PERCENT,
    bankTransferMinCents: row?.bank_transfer_min_cents ?? null,
  };
}

/** Whether a payment of `amountCents` may be made by bank transfer under these settings. */
export const offersBankTransfer = (settings: PaymentSettings, amountCents: number): boolean =>
  settings.bankTransferMinCents !== null && amountCents >= settings.bankTransferMinCents;

/** The settings as the admin reads them. */
export async function adminPaymentSettings(db: Kysely<Database>): Promise<AdminPaymentSettings> {
  const row = await db.selectFrom('payment_settings').selectAll().where('id', '=', true).executeTakeFirst();
  if (row) {
    return {
      default_deposit_percent: row.default_deposit_percent,
      bank_transfer_min_cents: row.bank_transfer_min_cents,
      updated_at: row.updated_at.toISOString(),
    };
  }
  const defaults = await readPaymentSettings(db);
  return {
    default_deposit_percent: defaults.defaultDepositPercent,
    bank_transfer_min_cents: defaults.bankTransferMinCents,
    updated_at: new Date(0).toISOString(),
  };
}

/** Saves what the owner sent (already validated); a field left out keeps its value. */
export async function savePaymentSettings(
  db: Kysely<Database>,
  input: PaymentSettingsInput,
): Promise<AdminPaymentSettings> {
  const changes = {
    ...(input.default_deposit_percent === undefined ? {} : { default_deposit_percent: input.default_deposit_percent }),
    ...(input.bank_transfer_min_cents === undefined ? {} : { bank_transfer_min_cents: input.bank_transfer_min_cents }),
  };
  await db
    .insertInto('payment_settings')
    .values({ id: true, ...changes })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...changes, updated_at: sql`now()` }))
    .execute();
  return adminPaymentSettings(db);
}
