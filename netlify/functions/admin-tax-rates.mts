import type { Config } from '@netlify/functions';
import { RATE_FILE_MAX_BYTES, rateFileSchema } from '../../src/lib/admin-schemas/tax.ts';
import { adminFunction } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { importRateFile } from '../../src/server/tax/tax-admin.ts';

/**
 * A rate file imported (issue 50, the owner): its rates replace every rate. Any bad row refuses
 * the whole file with 400, each bad row named by its line; nothing is stored then.
 */
export default adminFunction(async (req, call) => {
  const input = await readJson(req, rateFileSchema, RATE_FILE_MAX_BYTES + 1024);
  return json(await importRateFile(call.db, input.csv));
});

export const config: Config = { path: '/api/admin/tax/rates', method: 'PUT' };
