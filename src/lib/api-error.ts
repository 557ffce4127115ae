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
