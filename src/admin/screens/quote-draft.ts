import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { AdminQuoteRequestDetail } from '../../lib/admin-schemas/quote-requests.ts';
import type { AdminQuoteRevision } from '../../lib/admin-schemas/quote-revisions.ts';
import { type PricedQuoteLine, priceCustomLine, priceProductLine, priceQuote } from '../../lib/quote-pricing.ts';
import { usd } from '../format.ts';

/**
 * The quote editor's draft (issue #17): its lines as the owner types them (money in cents, typed
 * and read as dollars),
 * where it starts, the payload it saves, and its running total.
 */

export type DraftLine =
  | {
      key: number;
      kind: 'product';
      product_id: string | null;
      quantity: number | null;
      locations: string[];
      note: string;
    }
  | {
      key: number;
      kind: 'custom';
      description: string;
      quantity: number | null;
      /** Whole cents (the owner types dollars in a MoneyField); null while empty. */
      unit_price_cents: number | null;
      setup_fee_cents: number | null;
    };

export interface QuoteDraft {
  lines: DraftLine[];
  discount_cents: number | null;
  fulfillment: 'shipping' | 'local';
  shipping_speed: 'standard' | 'express' | 'overnight';
  valid_until: string;
  message: string;
}

let keys = 0;
/** A new key for a line of the draft (React's list key). */
export const nextKey = () => ++keys;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Where the editor starts: the newest revision as it was saved, else one free line from the request. */
export function startingDraft(request: AdminQuoteRequestDetail): QuoteDraft {
  const newest: AdminQuoteRevision | undefined = request.quote.revisions[0];
  if (!newest) {
    return {
      lines: [
        {
          key: nextKey(),
          kind: 'custom',
          description: request.what,
          quantity: request.quantity,
          unit_price_cents: null,
          setup_fee_cents: 0,
        },
      ],
      discount_cents: 0,
      fulfillment: 'shipping',
      shipping_speed: 'standard',
      valid_until: inDays(14),
      message: '',
    };
  }
  return {
    lines: newest.lines.map(
      (line): DraftLine =>
        line.kind === 'product' && line.product_id
          ? {
              key: nextKey(),
              kind: 'product',
              product_id: line.product_id,
              quantity: line.quantity,
              locations: line.locations ?? [],
              note: line.note ?? '',
            }
          : {
              key: nextKey(),
              kind: 'custom',
              description: line.description,
              quantity: line.quantity,
              unit_price_cents: line.unit_price_cents,
              setup_fee_cents: line.charges.reduce((s, c) => s + c.unit_price_cents * c.quantity, 0),
            },
    ),
    discount_cents: newest.discount_cents,
    fulfillment: newest.fulfillment,
    shipping_speed: newest.shipping_speed ?? 'standard',
    valid_until: newest.valid_until < inDays(0) ? inDays(14) : newest.valid_until,
    message: newest.message ?? '',
  };
}

/** The payload of POST /api/quote-requests/{id}/revisions. */
export function payload(draft: QuoteDraft) {
  return {
    lines: draft.lines.map((line) =>
      line.kind === 'product'
        ? {
            kind: 'product',
            product_id: line.product_id ?? '',
            quantity: line.quantity ?? 0,
            locations: line.locations,
            note: line.note.trim() || null,
          }
        : {
            kind: 'custom',
            description: line.description,
            quantity: line.quantity ?? 0,
            unit_price_cents: line.unit_price_cents ?? 0,
            setup_fee_cents: line.setup_fee_cents ?? 0,
          },
    ),
    discount_cents: draft.discount_cents ?? 0,
    fulfillment: draft.fulfillment,
    shipping_speed: draft.fulfillment === 'local' ? null : draft.shipping_speed,
    valid_until: draft.valid_until,
    message: draft.message.trim() || null,
  };
}

/**
 * What the draft comes to, by the same pricing module the server saves it with (the server's
 * figures are the ones sent); null while a line is incomplete.
 */
export function previewTotals(draft: QuoteDraft, products: readonly AdminProduct[]): [string, string][] | null {
  const lines: PricedQuoteLine[] = [];
  for (const line of draft.lines) {
    if (!line.quantity || line.quantity < 1) return null;
    if (line.kind === 'custom') {
      if (line.unit_price_cents === null) return null;
      lines.push(
        priceCustomLine({
          description: line.description,
          quantity: line.quantity,
          unitPriceCents: line.unit_price_cents,
          setupFeeCents: line.setup_fee_cents ?? 0,
        }),
      );
      continue;
    }
    const product = products.find((p) => p.id === line.product_id);
    if (!product) return null;
    lines.push(priceProductLine(product, { quantity: line.quantity, locations: line.locations }));
  }
  const totals = priceQuote({
    lines,
    discountCents: draft.discount_cents ?? 0,
    fulfillment: draft.fulfillment,
    shippingSpeed: draft.fulfillment === 'local' ? null : draft.shipping_speed,
  });
  return [
    ['Subtotal', usd(totals.subtotal_cents)],
    ...(totals.discount_cents > 0 ? [['Discount', `−${usd(totals.discount_cents)}`] as [string, string]] : []),
    [draft.fulfillment === 'local' ? 'Local handoff' : 'Shipping', usd(totals.shipping_cents)],
    ['Tax', usd(totals.tax_cents)],
    ['Total', usd(totals.total_cents)],
  ];
}
