import { type Kysely, sql } from 'kysely';
import { BUSINESS_TERMS_LABELS } from '../../../lib/orders/business-accounts.ts';
import { storedLineLabel } from '../../../lib/orders/line-label.ts';
import { invoiceNumber } from '../../../lib/orders/on-account.ts';
import { balanceDue } from '../../../lib/orders/order-balance.ts';
import { orderNumber } from '../../../lib/orders/order-number.ts';
import { linePricingWords, type LinePricingWords } from '../../../lib/pricing/line-words.ts';
import { orderLinesWithPictures } from '../order-lines.ts';
import type { Database, OrderPaymentsTable } from '../../db/types.ts';
import { orderMoney } from '../payments/record-payment.ts';

/**
 * An invoice as its printable page shows it (docs/decisions/0029-deposits.md): the order's own
 * lines and money, live.
 */
export interface InvoiceView {
  id: string;
  /** "INV-1001" */
  number: string;
  orderId: string;
  orderNumber: string;
  poNumber: string;
  terms: string;
  issuedAt: Date;
  /** YYYY-MM-DD */
  dueOn: string;
  accountName: string;
  email: string;
  customerName: string | null;
  shipTo: { name: string; lines: string[] } | null;
  lines: {
    description: string;
    quantity: number;
    unitCents: number;
    amountCents: number;
    priced: LinePricingWords | null;
  }[];
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  shippingCents: number;
  taxCents: number;
  /** Which rate applied ("Tax 8.25 % — Lubbock, TX"); null: an order from before issue 50. */
  taxLabel: string | null;
  /** Exempt with a certificate on file when the order was placed (no tax was charged). */
  taxExempt: boolean;
  totalCents: number;
  payments: { paidAt: Date; method: OrderPaymentsTable['method']; amountCents: number }[];
  refundedCents: number;
  balanceCents: number;
  cancelled: boolean;
}

export async function invoiceView(db: Kysely<Database>, invoiceId: string): Promise<InvoiceView | null> {
  const row = await db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.id', 'invoices.order_id')
    .innerJoin('business_accounts as a', 'a.id', 'invoices.account_id')
    .leftJoin('order_shipping as s', 's.order_id', 'orders.id')
    .select([
      'invoices.id',
      'invoices.number',
      'invoices.order_id',
      'invoices.po_number',
      'invoices.terms',
      'invoices.issued_at',
      'a.name as account_name',
      'a.tax_exempt',
      'orders.email',
      'orders.customer_name',
      'orders.status',
      'orders.subtotal_cents',
      'orders.discount_cents',
      'orders.discount_code',
      'orders.shipping_cents',
      'orders.tax_cents',
      'orders.tax_label',
      'orders.total_cents',
      's.name as ship_name',
      's.address_line1',
      's.address_line2',
      's.city',
      's.state',
      's.postal_code',
    ])
    .select(sql<string>`to_char(invoices.due_on, 'YYYY-MM-DD')`.as('due_day'))
    .where('invoices.id', '=', invoiceId)
    .executeTakeFirst();
  if (!row) return null;
  const [items, payments, money] = await Promise.all([
    orderLinesWithPictures(db, row.order_id),
    db
      .selectFrom('order_payments')
      .select(['paid_at', 'method', 'amount_cents'])
      .where('order_id', '=', row.order_id)
      .orderBy('paid_at')
      .execute(),
    orderMoney(db, row.order_id),
  ]);
  const balance = money ? balanceDue(money) : 0;
  return {
    id: row.id,
    number: invoiceNumber(row.number),
    orderId: row.order_id,
    orderNumber: orderNumber(row.order_id),
    poNumber: row.po_number,
    terms: BUSINESS_TERMS_LABELS[row.terms],
    issuedAt: row.issued_at,
    dueOn: row.due_day,
    accountName: row.account_name,
    email: row.email,
    customerName: row.customer_name,
    shipTo:
      row.ship_name && row.address_line1
        ? {
            name: row.ship_name,
            lines: [
              row.address_line1,
              row.address_line2,
              [row.city, [row.state, row.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
            ].filter((l): l is string => Boolean(l)),
          }
        : null,
    lines: items.map((item) => {
      const meta = item.variant_metadata as Record<string, unknown>;
      return {
        description: item.item_type === 'product' ? storedLineLabel(item.name, meta) : item.name,
        quantity: item.quantity,
        unitCents: item.unit_price_cents,
        amountCents: item.unit_price_cents * item.quantity,
        priced: linePricingWords(item.pricing),
      };
    }),
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    discountCode: row.discount_code,
    shippingCents: row.shipping_cents,
    taxCents: row.tax_cents,
    taxLabel: row.tax_label,
    taxExempt: row.tax_exempt && row.tax_cents === 0,
    totalCents: row.total_cents,
    payments: payments.map((p) => ({ paidAt: p.paid_at, method: p.method, amountCents: p.amount_cents })),
    refundedCents: money?.refundedCents ?? 0,
    balanceCents: row.status === 'cancelled' ? 0 : balance,
    cancelled: row.status === 'cancelled',
  };
}
