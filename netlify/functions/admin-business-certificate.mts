import type { Config } from '@netlify/functions';
import { businessCertificateSchema } from '../../src/lib/admin-schemas/business-accounts.ts';
import { attachCertificate } from '../../src/server/admin/business-certificate.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner puts a business account's exemption certificate on file (docs/decisions/0029-deposits.md):
 * { artwork_id, owner_token } names a file uploaded and checked through /api/artwork.
 * Answers the account.
 */
export default adminFunction(async (req, { db, params }) => {
  const id = pathId(params, 'business account');
  if (!id) throw notFound('business account', '');
  const input = await readJson(req, businessCertificateSchema, 4 * 1024);
  const account = await attachCertificate(db, id, {
    artworkId: input.artwork_id.toLowerCase(),
    ownerToken: input.owner_token,
  });
  if (!account) throw notFound('business account', id);
  return json(account);
});

export const config: Config = { path: '/api/admin/business-accounts/:id/certificate', method: 'POST' };
