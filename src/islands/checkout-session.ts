/** One purchased line as the success page shows it. */
export interface PurchasedLine {
  id: string;
  description: string;
  quantity: number;
  amount_cents: number;
}

export interface PurchaseSummary {
  lines: PurchasedLine[];
  total_cents: number;
  total_items: number;
  /** Total cost over total items, rounded to the cent. */
  average_cents: number;
  /** False when the session says it is not paid (then the cart is kept). */
  paid: boolean;
}

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : null;
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v !== '') ?? 'Item';

function readLine(value: unknown, index: number): PurchasedLine | null {
  const line = record(value);
  if (!line) return null;
  const quantity = int(line['quantity']) ?? 1;
  const unit = int(line['unit_price_cents']);
  const amount = int(line['amount_total']) ?? int(line['amount_cents']) ?? (unit !== null ? unit * quantity : null);
  if (amount === null) return null;
  const id = typeof line['id'] === 'string' ? line['id'] : `line-${index}`;
  return { id, description: text(line['description'], line['name']), quantity, amount_cents: amount };
}

/**
 * Reads GET /api/checkout/session in any of the shapes spec §7 names: a session with
 * line_items.data, line_items.data alone, lineItems, or order.items. Null when there are no lines.
 */
export function readPurchase(body: unknown): PurchaseSummary | null {
  const root = record(body) ?? {};
  const session = record(root['session']) ?? root;
  const candidates = [
    record(session['line_items'])?.['data'],
    session['lineItems'],
    record(session['order'])?.['items'],
    record(root['order'])?.['items'],
  ];
  const raw = candidates.find(Array.isArray) as unknown[] | undefined;
  const lines = (raw ?? []).map(readLine).filter((l): l is PurchasedLine => l !== null);
  if (lines.length === 0) return null;
  const total_items = lines.reduce((n, l) => n + l.quantity, 0);
  const total_cents = int(session['amount_total']) ?? lines.reduce((n, l) => n + l.amount_cents, 0);
  return {
    lines,
    total_cents,
    total_items,
    average_cents: total_items > 0 ? Math.round(total_cents / total_items) : 0,
    paid: session['payment_status'] !== 'unpaid',
  };
}
