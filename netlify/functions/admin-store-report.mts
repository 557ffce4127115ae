import type { Config } from '@netlify/functions';
import { csvLines } from '../../src/server/admin/csv.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { STORE_REPORT_COLUMNS, storeReportRows } from '../../src/server/stores/store-report-csv.ts';
import { storeReport } from '../../src/server/stores/store-report.ts';

/**
 * GET /api/admin/store-reports/:id: the owner's report of a store (revenue, the batch's cost by
 * the shop's lists, the fundraising payout, the margin); /report.csv: the same as a download,
 * every cell escaped against formula injection (csv.ts).
 */
export default adminFunction(async (_req, { db, params, url }) => {
  const id = pathId(params, 'store');
  const report = id ? await storeReport(db, id) : null;
  if (!report) throw notFound('store', params['id'] ?? '');
  if (!url.pathname.endsWith('/report.csv')) return json(report);
  const slug =
    report.store.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'store';
  return new Response(csvLines([[...STORE_REPORT_COLUMNS], ...storeReportRows(report)]), {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${slug}-report.csv"`,
    },
  });
});

export const config: Config = {
  path: ['/api/admin/store-reports/:id', '/api/admin/store-reports/:id/report.csv'],
  method: 'GET',
};
