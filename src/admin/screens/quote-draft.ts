import { addDays, shopDay } from '../../lib/site/shop-time.ts';
import { type BalanceDue, depositCents } from '../../lib/orders/order-balance.ts';
import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { AdminQuoteRequestDetail } from '../../lib/admin-schemas/quote-requests.ts';
import type { AdminQuoteRevision } from '../../lib/admin-schemas/quote-revisions.ts';
import type { PriceList } from '../../lib/pricing/lists.ts';
import { priceQuoteLines, type QuoteLineInput, type QuotePricedProduct } from '../../lib/quotes/quote-list-pricing.ts';
import { type PricedQuoteLine, priceQuote } from '../../lib/quotes/quote-pricing.ts';
import { usd } from '../format.ts';
import { quoteProductOf } from './quote-products.ts';

/**
 * The quote editor's draft (docs/decisions/0017-quotes.md): its lines as the owner types them (money in cents, typed
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
      /** A list-priced product's inputs by location code (docs/decisions/0027-price-lists.md); null while empty. */
      location_inputs: Record<string, DraftInputs>;
      /** An area product's size (inches), material and finishing. */
      area: DraftArea;
      dark_garment: boolean;
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

export interface DraftInputs {
  colors?: number | null;
  stitches?: number | null;
  printSize?: string | null;
}

export interface DraftArea {
  widthIn: number | null;
  heightIn: number | null;
  material: string | null;
  finishing: string[];
}

export const emptyArea = (): DraftArea => ({ widthIn: null, heightIn: null, material: null, finishing: [] });

export interface QuoteDraft {
  lines: DraftLine[];
  /** The rush option of the products' turnaround list; null: standard. */
  rush: string | null;
  discount_cents: number | null;
  fulfillment: 'shipping' | 'local';
  shipping_speed: 'standard' | 'express' | 'overnight';
  valid_until: string;
  message: string;
  /**
   * The share paid on Accept, in percent (docs/decisions/0029-deposits.md); 100: the whole quote.
   * Null while emptied.
   */
  deposit_percent: number | null;
  balance_due: BalanceDue;
}

let keys = 0;
/** A new key for a line of the draft (React's list key). */
export const nextKey = () => ++keys;
const inDays = (days: number) => addDays(shopDay(), days);

/**
 * Where the editor starts: the newest revision as it was saved, else one free line from the
 * request and the shop's deposit share (the owner's Payments setting).
 */
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
      rush: null,
      discount_cents: 0,
      fulfillment: 'shipping',
      shipping_speed: 'standard',
      valid_until: inDays(14),
      message: '',
      deposit_percent: request.default_deposit_percent,
      balance_due: 'ready',
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
              location_inputs: Object.fromEntries(
                (line.pricing?.inputs.locations ?? []).map(({ code, colors, stitches, printSize }) => [
                  code,
                  { colors: colors ?? null, stitches: stitches ?? null, printSize: printSize ?? null },
                ]),
              ),
              area: line.pricing?.inputs.area ? { ...line.pricing.inputs.area } : emptyArea(),
              dark_garment: line.pricing?.inputs.darkGarment ?? false,
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
    rush: newest.lines.find((l) => l.pricing)?.pricing?.inputs.rush ?? null,
    discount_cents: newest.discount_cents,
    fulfillment: newest.fulfillment,
    shipping_speed: newest.shipping_speed ?? 'standard',
    valid_until: newest.valid_until < inDays(0) ? inDays(14) : newest.valid_until,
    message: newest.message ?? '',
    deposit_percent: newest.deposit_percent,
    balance_due: newest.balance_due,
  };
}

/** A location's inputs with only those typed. */
function inputsOf(inputs: DraftInputs | undefined) {
  return {
    ...(inputs?.colors != null ? { colors: inputs.colors } : {}),
    ...(inputs?.stitches != null ? { stitches: inputs.stitches } : {}),
    ...(inputs?.printSize ? { printSize: inputs.printSize } : {}),
  };
}

/** A draft line as the request sends it: a list-priced product's inputs of its chosen locations, its area. */
function lineInput(line: DraftLine): QuoteLineInput {
  if (line.kind === 'custom') {
    return {
      kind: 'custom',
      description: line.description,
      quantity: line.quantity ?? 0,
      unit_price_cents: line.unit_price_cents ?? 0,
      setup_fee_cents: line.setup_fee_cents ?? 0,
    };
  }
  const typed = line.locations.flatMap((code) => {
    const inputs = inputsOf(line.location_inputs[code]);
    return Object.keys(inputs).length > 0 ? [[code, inputs] as const] : [];
  });
  const { area } = line;
  const hasArea = area.widthIn !== null || area.heightIn !== null || area.material !== null;
  return {
    kind: 'product',
    product_id: line.product_id ?? '',
    quantity: line.quantity ?? 0,
    locations: line.locations,
    ...(typed.length > 0 ? { location_inputs: Object.fromEntries(typed) } : {}),
    ...(hasArea
      ? {
          area: {
            widthIn: area.widthIn ?? 0,
            heightIn: area.heightIn ?? 0,
            material: area.material ?? '',
            finishing: area.finishing,
          },
        }
      : {}),
    ...(line.dark_garment ? { dark_garment: true } : {}),
    note: line.note.trim() || null,
  };
}

/** The payload of POST /api/quote-requests/{id}/revisions. */
export function payload(draft: QuoteDraft) {
  return {
    lines: draft.lines.map(lineInput),
    rush: draft.rush,
    discount_cents: draft.discount_cents ?? 0,
    fulfillment: draft.fulfillment,
    shipping_speed: draft.fulfillment === 'local' ? null : draft.shipping_speed,
    valid_until: draft.valid_until,
    message: draft.message.trim() || null,
    // An emptied field is sent as it is, so the server names the field.
    deposit_percent: draft.deposit_percent,
    balance_due: draft.balance_due,
  };
}

/** The draft's priced lines and totals, or the problems by field ("lines.0.locations.1.colors"). */
export type DraftPreview =
  | { ok: true; lines: PricedQuoteLine[]; totals: [string, string][] }
  | { ok: false; fields: Record<string, string> };

/**
 * What the draft comes to, by the same pricing module the server saves it with (the server's
 * figures are the ones sent); null while a line is incomplete or a product's lists are loading.
 */
export function previewTotals(
  draft: QuoteDraft,
  products: readonly AdminProduct[],
  lists: ReadonlyMap<string, PriceList> = new Map(),
): DraftPreview | null {
  const priced = new Map<string, QuotePricedProduct>();
  for (const line of draft.lines) {
    if (!line.quantity || line.quantity < 1) return null;
    if (line.kind === 'custom') {
      if (line.unit_price_cents === null) return null;
      continue;
    }
    const admin = products.find((p) => p.id === line.product_id);
    const product = admin ? quoteProductOf(admin, lists) : null;
    if (!product) return null;
    priced.set(product.id, product);
  }
  const result = priceQuoteLines(draft.lines.map(lineInput), priced, draft.rush);
  if (!result.ok) return result;
  const totals = priceQuote({
    lines: result.lines,
    discountCents: draft.discount_cents ?? 0,
    fulfillment: draft.fulfillment,
    shippingSpeed: draft.fulfillment === 'local' ? null : draft.shipping_speed,
  });
  return {
    ok: true,
    lines: result.lines,
    totals: [
      ['Subtotal', usd(totals.subtotal_cents)],
      ...(totals.discount_cents > 0 ? [['Discount', `−${usd(totals.discount_cents)}`] as [string, string]] : []),
      [draft.fulfillment === 'local' ? 'Local handoff' : 'Shipping', usd(totals.shipping_cents)],
      ['Tax', usd(totals.tax_cents)],
      ['Total', usd(totals.total_cents)],
      ...depositRows(totals.total_cents, draft.deposit_percent),
    ],
  };
}

/** The deposit Accept would charge and the balance left, when the quote takes one. */
function depositRows(totalCents: number, percent: number | null): [string, string][] {
  const deposit = percent === null ? null : depositCents(totalCents, percent);
  if (deposit === null) return [];
  return [
    [`Deposit on Accept (${percent} %)`, usd(deposit)],
    ['Balance, asked later', usd(totalCents - deposit)],
  ];
}
