import { checkoutUrls } from '../../links/urls.ts';
import { db } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import { statusOf } from '../../http.ts';
import { orderPageUrl, verifyLink } from '../../links/signed-links.ts';
import { paymentProvider } from '../payment-provider.ts';
import { isForeignOrigin } from '../../security/api-headers.ts';
import { type InvoiceView, invoiceView } from './invoice-view.ts';
import { payInvoice } from './pay-invoice.ts';

/**
 * What the invoice page (src/pages/invoices/[token].astro, docs/decisions/0029-deposits.md) answers: GET shows the
 * invoice; POST is Pay online, which sends the customer to the payment page for what is owed,
 * or shows the invoice again with the reason (409). A token that does not open an invoice, or
 * another site's post, is the same 404 page.
 */
export type InvoicePageOutcome = { status: number } & (
  | { kind: 'invoice'; invoice: InvoiceView; orderUrl: string; problem: string | null; paidNow: boolean }
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
);

const notFound: InvoicePageOutcome = { kind: 'not-found', status: 404 };

export async function invoicePageRequest(req: Request, token: string): Promise<InvoicePageOutcome> {
  const id = verifyLink('invoice', token);
  if (!id) return notFound;
  const database = await db();
  const invoice = await invoiceView(database, id);
  if (!invoice) return notFound;
  const { origin } = checkoutUrls(req);
  const page = { kind: 'invoice' as const, invoice, orderUrl: orderPageUrl(invoice.orderId, origin) };
  if (req.method !== 'POST') {
    const paidNow = new URL(req.url).searchParams.get('done') === 'paid';
    return { ...page, status: 200, problem: null, paidNow };
  }
  if (isForeignOrigin(req)) return notFound;
  const here = `${origin}/invoices/${token}`;
  try {
    const location = await payInvoice(database, paymentProvider(database), id, {
      origin,
      successUrl: `${here}?done=paid`,
      cancelUrl: here,
    });
    return { kind: 'redirect', status: 303, location };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ...page, status: statusOf(error), problem: error.message, paidNow: false };
  }
}
