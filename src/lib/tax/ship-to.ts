import type { TaxPlace } from './tax-rules.ts';

/** The ship-to state and ZIP as the cart keeps them in the browser, under 'shipTo' (issue 50). */
export interface TypedShipTo {
  state: string;
  zip: string;
}

export const SHIP_TO_KEY = 'shipTo';

/** A stored value, however it was left: anything unreadable is an empty address. */
export function decodeShipTo(raw: string | null | undefined): TypedShipTo {
  try {
    const value = JSON.parse(raw ?? '') as { state?: unknown; zip?: unknown };
    return {
      state: typeof value.state === 'string' ? value.state.slice(0, 2) : '',
      zip: typeof value.zip === 'string' ? value.zip.slice(0, 10) : '',
    };
  } catch {
    return { state: '', zip: '' };
  }
}

/** The typed address when it is complete (two letters, five digits), else null. */
export function completeShipTo(value: TypedShipTo): TaxPlace | null {
  const state = value.state.trim().toUpperCase();
  const zip = value.zip.trim();
  return /^[A-Z]{2}$/.test(state) && /^\d{5}(-\d{4})?$/.test(zip) ? { state, zip } : null;
}
