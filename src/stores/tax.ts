import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { Fulfillment } from '../lib/cart/checkout-schema.ts';
import type { TaxPlace, TaxRules } from '../lib/tax/tax-rules.ts';
import { completeShipTo as completeTyped, decodeShipTo, SHIP_TO_KEY, type TypedShipTo } from '../lib/tax/ship-to.ts';

/**
 * Where the cart's order ships, as the customer typed it (issue 50): its state and ZIP decide the
 * estimated tax and go to checkout, which taxes from the shop's rules again. Kept across visits.
 */
export const $shipTo = persistentAtom<TypedShipTo>(
  SHIP_TO_KEY,
  { state: '', zip: '' },
  { encode: JSON.stringify, decode: decodeShipTo },
);

/** The typed address when it is complete (two letters, five digits), else null. */
export const completeShipTo = (value = $shipTo.get()): TaxPlace | null => completeTyped(value);

/** The rules the estimate uses (GET /api/tax-rules); null until loaded: the shop's default rate. */
export const $taxContext = atom<{ rules: TaxRules; place: TaxPlace | null } | null>(null);

let asked = '';

/** Loads the rules for a pickup or the typed ship-to address, once per address; failures keep the default. */
export async function loadTaxContext(fulfillment: Fulfillment): Promise<void> {
  const place = completeShipTo();
  const params: Record<string, string> | null =
    fulfillment === 'local' ? { pickup: '1' } : place ? { state: place.state, zip: place.zip } : null;
  const query = params ? new URLSearchParams(params).toString() : '';
  if (query === asked) return;
  asked = query;
  if (!params) return $taxContext.set(null);
  try {
    const { api } = await import('../lib/browser/http.ts');
    const context = await api.get<{ rules: TaxRules; place: TaxPlace | null }>('tax-rules', params);
    if (asked === query) $taxContext.set(context);
  } catch (error) {
    console.warn('[cart] tax rules could not be loaded; the estimate uses the shop’s rate:', error);
  }
}

/** Changes one part of the typed address, keeping the other as stored (two fields may change in one task). */
export function setShipTo(part: Partial<TypedShipTo>) {
  $shipTo.set({ ...$shipTo.get(), ...part });
}
