/**
 * Answers without money, for roles that see none (Art, Production, Shipping: issue 45). Not hidden
 * in the browser: the fields are absent from the JSON. One rule for every admin answer, applied
 * by the admin route wrapper, so an endpoint added later cannot leak prices by forgetting it.
 */

/** Keys that hold money or say how an order was paid: prices, totals, payments, refunds, costs. */
export const MONEY_KEY =
  /(_cents$|^cents$|price|payment|refund|^paid|_paid$|unpaid|owed|balance|deposit|amount|revenue|margin|cost|discount|^tax|invoice|receivable|credit|^money$|fundraising|^charges?$)/i;

/** A dollar figure in words ("Refund $40.00 by Maria"): a timeline line that carries one is left out. */
export const DOLLARS = /\$\s?\d/;

function saysMoney(value: unknown): boolean {
  if (typeof value === 'string') return DOLLARS.test(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.values(value).some((field) => typeof field === 'string' && DOLLARS.test(field));
  }
  return false;
}

/** `value` with every money key removed, at any depth; list entries that state dollars are dropped. */
export function withoutMoney(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((entry) => !saysMoney(entry)).map(withoutMoney);
  if (value === null || typeof value !== 'object') return typeof value === 'string' && DOLLARS.test(value) ? '' : value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (MONEY_KEY.test(key)) continue;
    if (typeof field === 'string' && DOLLARS.test(field)) continue;
    out[key] = withoutMoney(field);
  }
  return out;
}

/** The same answer without money when it is JSON; anything else (CSV, files) is refused upstream by role. */
export async function moneyFreeResponse(res: Response): Promise<Response> {
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return res;
  const body = withoutMoney(await res.json());
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.delete('etag');
  return new Response(JSON.stringify(body), { status: res.status, statusText: res.statusText, headers });
}
