import { type Kysely, sql } from 'kysely';
import type { ReceivablesExportQuery } from '../../../lib/admin-schemas/receivables.ts';
import { BUSINESS_TERMS_LABELS } from '../../../lib/orders/business-accounts.ts';
import { storedLineLabel } from '../../../lib/orders/line-label.ts';
import { orderNumber } from '../../../lib/orders/order-number.ts';
import { linePricingText, linePricingWords } from '../../../lib/pricing/line-words.ts';
import { invoiceNumber } from '../../../lib/orders/on-account.ts';
import { SHIPPING_SPEED_NAMES } from '../../../lib/orders/shipping-speeds.ts';
import { endOfDay, startOfDay } from '../../db/day-range.ts';
import type { Database } from '../../db/types.ts';
import { qboAmount, qboDate } from './qbo-date.ts';
import { isoDay, shopDayOf } from './shop-days.ts';

/**
 * The column names of QuickBooks Online's invoice import, as its sample file spells them (an
 * asterisk marks a column the import requires); with these names the import maps every column
 * by itself. One row per invoice line; the rows of one invoice repeat its number, customer,
 * dates, terms and memo.
 */
export const QBO_INVOICE_COLUMNS = [
  '*InvoiceNo',
  '*Customer',
  '*InvoiceDate',
  '*DueDate',
  'Terms',
  'Location',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  '*ItemAmount',
  'Service Date',
] as const;

/** Invoices in one file, at most (QuickBooks takes a file of up to 100 invoices per import, a year fits several). */
const EXPORT_MAX = 10_000;

type Cell = string | number;

/**
 * The invoices issued from `from` to `to` (docs/decisions/0029-deposits.md), one row per line as the order shows
 * them: each item and charge at its quantity and unit price, then the discount (a negative
 * line), shipping and sales tax, so an invoice's ItemAmounts add up to its order's total.
 */
export async function invoiceRows(db: Kysely<Database>, range: ReceivablesExportQuery): Promise<Cell[][]> {
  const invoices = await db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('business_accounts as a', 'a.id', 'i.account_id')
    .select([
      'i.id',
      'i.number',
      'i.terms',
      'i.po_number',
      'a.name as customer',
      'o.id as order_id',
      'o.fulfillment',
      'o.shipping_speed',
      'o.discount_cents',
      'o.discount_code',
      'o.shipping_cents',
      'o.tax_cents',
      'o.tax_label',
      isoDay(shopDayOf('i.issued_at')).as('issued_on'),
      isoDay(sql<string>`i.due_on`).as('due_on'),
    ])
    .where('i.issued_at', '>=', startOfDay(range.from))
    .where('i.issued_at', '<', endOfDay(range.to))
    .orderBy('i.number')
    .limit(EXPORT_MAX)
    .execute();
  if (invoices.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .select(['order_id', 'name', 'quantity', 'unit_price_cents', 'variant_metadata', 'pricing'])
    .where(
      'order_id',
      'in',
      invoices.map((i) => i.order_id),
    )
    .orderBy('order_id')
    .orderBy('position')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const rows: Cell[][] = [];
  for (const invoice of invoices) {
    const head: Cell[] = [
      invoiceNumber(invoice.number),
      invoice.customer,
      qboDate(invoice.issued_on),
      qboDate(invoice.due_on),
      BUSINESS_TERMS_LABELS[invoice.terms],
      '',
      `PO ${invoice.po_number} · Order ${orderNumber(invoice.order_id)}`,
    ];
    const line = (item: string, description: string, quantity: number, rateCents: number) => {
      rows.push([...head, item, description, quantity, qboAmount(rateCents), qboAmount(quantity * rateCents), '']);
    };
    for (const item of items.filter((i) => i.order_id === invoice.order_id)) {
      const words = linePricingWords(item.pricing);
      const label = storedLineLabel(item.name, item.variant_metadata);
      line(item.name, words ? `${label}: ${linePricingText(words)}` : label, item.quantity, item.unit_price_cents);
    }
    if (invoice.discount_cents > 0) {
      line(
        'Discount',
        invoice.discount_code ? `Discount (${invoice.discount_code})` : 'Discount',
        1,
        -invoice.discount_cents,
      );
    }
    if (invoice.shipping_cents > 0) {
      const speed = SHIPPING_SPEED_NAMES[invoice.shipping_speed ?? 'standard'];
      line('Shipping', `Shipping (${speed})`, 1, invoice.shipping_cents);
    }
    // Which rate applied (issue 50), as the order was charged; older orders say "Sales tax".
    if (invoice.tax_cents > 0) line('Sales tax', invoice.tax_label ?? 'Sales tax', 1, invoice.tax_cents);
  }
  return rows;
}
