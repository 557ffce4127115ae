/**
 * One cart line a 409 from checkout is about (out_of_stock, product_unavailable), so the cart can
 * name it and offer a fix: `index` is its place in the request's `items`, `available` what can
 * be bought now (0 when sold out or no longer sold), `message` names the item and what is left.
 */
export interface ErrorLine {
  index: number;
  productId: string;
  colorId: string | null;
  sizeId: string | null;
  available: number;
  message: string;
}

/** The JSON body of every failed API call (DESIGN.md rule 4). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; lines?: ErrorLine[] };
}

/** What a failed answer's body says, each part only when it has the right shape. */
export type ErrorBodyParts = Partial<ApiErrorBody['error']>;

/**
 * Reads our JSON error body, the one place that does (browser clients, admin, uploads, forms).
 * `data` is the body as text (parsed here) or already parsed; anything else gives `{}`, so the
 * caller's fallbacks (`http_<status>`, its own message) apply. An empty message counts as none.
 */
export function parseErrorBody(data: unknown): ErrorBodyParts {
  let parsed = data;
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data);
    } catch {
      return {};
    }
  }
  const error = (parsed as { error?: unknown } | null | undefined)?.error;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message, fields, lines } = error as Record<string, unknown>;
  const parts: ErrorBodyParts = {};
  if (typeof code === 'string') parts.code = code;
  if (typeof message === 'string' && message) parts.message = message;
  if (typeof fields === 'object' && fields !== null) parts.fields = fields as Record<string, string>;
  if (Array.isArray(lines)) parts.lines = lines as ErrorLine[];
  return parts;
}
