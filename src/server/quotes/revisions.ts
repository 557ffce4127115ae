import type { Kysely, Selectable } from 'kysely';
import type { AdminQuoteRevision, QuoteRevisionInput } from '../../lib/admin-schemas/quote-revisions.ts';
import { priceQuoteLines, type QuotePricedProduct } from '../../lib/quotes/quote-list-pricing.ts';
import { depositCents } from '../../lib/orders/order-balance.ts';
import { type PricedQuoteLine, priceQuote } from '../../lib/quotes/quote-pricing.ts';
import { pricingInputsOf } from '../catalog/pricing-inputs.ts';
import { atomically } from '../db/transaction.ts';
import { jsonb } from '../db/json.ts';
import type { Database, QuoteRevisionsTable } from '../db/types.ts';
import { Conflict, Invalid } from '../errors.ts';
import { refuseAboveMaxCharge } from '../orders/charge-limit.ts';
import { lockQuoteRequest } from './lock.ts';

/**
 * The catalogue products a revision's lines name, with their tiers, print locations and the
 * owner's lists as the database has them now.
 */
async function loadProducts(db: Kysely<Database>, ids: string[]): Promise<Map<string, QuotePricedProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products as p')
    .select((eb) => ['p.id', 'p.name', 'p.price_cents', ...pricingInputsOf(db, eb.ref('p.id'))])
    .where('p.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Prices a revision's lines on the server from the database (a price the browser sent is never
 * taken): catalogue lines by the product's lists (docs/decisions/0027-price-lists.md) or its tiers and locations, free
 * lines as given, with the rush chosen (null: standard). A line that cannot be priced is a 400
 * naming its field.
 */
export async function priceRevisionLines(
  db: Kysely<Database>,
  lines: QuoteRevisionInput['lines'],
  rush: string | null = null,
): Promise<PricedQuoteLine[]> {
  const products = await loadProducts(db, [
    ...new Set(lines.flatMap((l) => (l.kind === 'product' ? [l.product_id] : []))),
  ]);
  const fields: Record<string, string> = {};
  lines.forEach((line, index) => {
    if (line.kind === 'custom') return;
    const product = products.get(line.product_id);
    if (!product) {
      fields[`lines.${index}.product_id`] = 'That product no longer exists.';
      return;
    }
    const unknown = line.locations.find((code) => !product.print_locations.some((l) => l.code === code));
    if (unknown) fields[`lines.${index}.locations`] = `${product.name} cannot be printed at "${unknown}".`;
  });
  if (Object.keys(fields).length > 0) throw new Invalid('invalid_input', 'Some lines cannot be priced.', { fields });
  const priced = priceQuoteLines(lines, products, rush);
  if (!priced.ok) {
    throw new Invalid('invalid_input', 'Some lines cannot be priced.', { fields: priced.fields });
  }
  return priced.lines;
}

/** A revision as parsed, its deposit terms optional (absent: the whole quote on Accept). */
export type RevisionToSave = Omit<QuoteRevisionInput, 'deposit_percent' | 'balance_due'> &
  Partial<Pick<QuoteRevisionInput, 'deposit_percent' | 'balance_due'>>;

/**
 * Saves a new revision of a quote (docs/decisions/0017-quotes.md), priced on the server; earlier revisions stay as
 * they were. A paid quote cannot change (409). Answers the revision as the Quotes tab shows it.
 */
export async function saveQuoteRevision(
  db: Kysely<Database>,
  requestId: string,
  input: RevisionToSave,
): Promise<AdminQuoteRevision> {
  const lines = await priceRevisionLines(db, input.lines, input.rush ?? null);
  const fulfillment = input.fulfillment;
  const shippingSpeed = fulfillment === 'local' ? null : (input.shipping_speed ?? 'standard');
  const totals = priceQuote({ lines, discountCents: input.discount_cents, fulfillment, shippingSpeed });
  if (totals.total_cents <= 0) {
    throw new Invalid('invalid_input', 'A quote must come to more than $0.00.', {
      fields: { discount_cents: 'The discount leaves nothing to pay.' },
    });
  }
  refuseAboveMaxCharge(totals.total_cents, 'A quote', { lines: 'Split the job into several quotes.' });
  return atomically(db, async (trx) => {
    const request = await lockQuoteRequest(trx, requestId);
    if (request.status === 'accepted') {
      throw new Conflict('quote_paid', 'This quote was accepted and paid; it cannot change.');
    }
    const last = await trx
      .selectFrom('quote_revisions')
      .select((eb) => eb.fn.max('number').as('number'))
      .where('quote_request_id', '=', requestId)
      .executeTakeFirst();
    const row = await trx
      .insertInto('quote_revisions')
      .values({
        quote_request_id: requestId,
        number: (last?.number ?? 0) + 1,
        lines: jsonb(lines),
        fulfillment,
        shipping_speed: shippingSpeed,
        discount_cents: totals.discount_cents,
        subtotal_cents: totals.subtotal_cents,
        shipping_cents: totals.shipping_cents,
        tax_cents: totals.tax_cents,
        total_cents: totals.total_cents,
        valid_until: input.valid_until,
        message: input.message || null,
        deposit_percent: input.deposit_percent ?? 100,
        balance_due: input.balance_due ?? 'ready',
        created_by: 'owner',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return adminRevision(row, request.sent_revision_id);
  });
}

type RevisionRow = Selectable<QuoteRevisionsTable>;

/** YYYY-MM-DD of a date column (read as midnight UTC). */
export const isoDay = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

export function adminRevision(row: RevisionRow, sentRevisionId: string | null): AdminQuoteRevision {
  return {
    id: row.id,
    number: row.number,
    lines: row.lines as PricedQuoteLine[],
    fulfillment: row.fulfillment,
    shipping_speed: row.shipping_speed,
    discount_cents: row.discount_cents,
    subtotal_cents: row.subtotal_cents,
    shipping_cents: row.shipping_cents,
    tax_cents: row.tax_cents,
    total_cents: row.total_cents,
    valid_until: isoDay(row.valid_until),
    message: row.message,
    deposit_percent: row.deposit_percent,
    deposit_cents: depositCents(row.total_cents, row.deposit_percent),
    balance_due: row.balance_due,
    created_at: row.created_at.toISOString(),
    sent: row.id === sentRevisionId,
  };
}
