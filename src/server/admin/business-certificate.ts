import type { Kysely } from 'kysely';
import type { AdminBusinessAccount } from '../../lib/admin-schemas/business-accounts.ts';
import { ownerHash } from '../artwork/owner.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { Invalid } from '../errors.ts';
import { getBusinessAccount } from './business-accounts.ts';

const refused = (field: string, message: string) =>
  new Invalid('invalid_certificate', message, { fields: { [field]: message } });

/**
 * Puts a resale or exemption certificate on file (docs/decisions/0029-deposits.md): an upload the owner made through
 * the artwork pipeline (signed upload, checked like customer artwork), by the owner token of
 * the admin's browser, that no order, quote request or other account holds. The account must be
 * tax exempt. The account's reference keeps the file from the sweep of unclaimed uploads
 * (sweep-artwork.ts); the file stays private, downloaded by the admin only
 * (/api/artwork/:id/original). Answers the account, or null when there is none with that id.
 */
export async function attachCertificate(
  db: Kysely<Database>,
  accountId: string,
  input: { artworkId: string; ownerToken: string },
): Promise<AdminBusinessAccount | null> {
  return atomically(db, async (trx) => {
    const account = await trx
      .selectFrom('business_accounts')
      .select(['id', 'tax_exempt'])
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!account) return null;
    if (!account.tax_exempt) {
      throw refused('tax_exempt', 'Mark the account tax exempt and save it before adding its certificate.');
    }
    const file = await trx
      .selectFrom('artwork')
      .select(['id', 'status', 'order_id', 'quote_request_id'])
      .where('id', '=', input.artworkId)
      .where('owner_hash', '=', ownerHash(input.ownerToken))
      .forUpdate()
      .executeTakeFirst();
    const elsewhere = file
      ? await trx
          .selectFrom('business_accounts')
          .select('id')
          .where('exemption_certificate_artwork_id', '=', file.id)
          .where('id', '<>', accountId)
          .executeTakeFirst()
      : undefined;
    if (!file || file.order_id || file.quote_request_id || elsewhere) {
      throw refused('artwork_id', 'That upload cannot be used. Upload the certificate again.');
    }
    if (file.status !== 'ready') throw refused('artwork_id', 'The file has not been checked yet. Upload it again.');
    await trx
      .updateTable('business_accounts')
      .set({ exemption_certificate_artwork_id: file.id })
      .where('id', '=', accountId)
      .execute();
    return getBusinessAccount(trx, accountId);
  });
}
