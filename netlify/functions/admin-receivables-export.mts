import type { Config } from '@netlify/functions';
import { receivablesExportQuerySchema } from '../../src/lib/admin-schemas/receivables.ts';
import { csvLines } from '../../src/server/admin/csv.ts';
import { adminFunction, parseQuery } from '../../src/server/admin/route.ts';
import { invoiceRows, QBO_INVOICE_COLUMNS } from '../../src/server/orders/receivables/invoices-csv.ts';
import { PAYMENT_COLUMNS, paymentRows } from '../../src/server/orders/receivables/payments-csv.ts';

/**
 * GET /api/admin/receivables/invoices.csv?from=&to=: the invoices issued in those days, in the
 * columns QuickBooks Online's invoice import reads; /payments.csv: the payments received. Every
 * cell escaped against formula injection (csv.ts).
 */
export default adminFunction(async (_req, { db, url }) => {
  const range = parseQuery(url, receivablesExportQuerySchema);
  const payments = url.pathname.endsWith('/payments.csv');
  const body = payments
    ? csvLines([[...PAYMENT_COLUMNS], ...(await paymentRows(db, range))])
    : csvLines([[...QBO_INVOICE_COLUMNS], ...(await invoiceRows(db, range))]);
  const name = `${payments ? 'payments' : 'invoices'}-${range.from}-to-${range.to}.csv`;
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
    },
  });
});

export const config: Config = {
  path: ['/api/admin/receivables/invoices.csv', '/api/admin/receivables/payments.csv'],
  method: 'GET',
};
