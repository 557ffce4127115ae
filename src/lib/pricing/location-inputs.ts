import type { JobDecoration } from './job.ts';

/** A location's pricing inputs as a line chooses them (each may be left out). */
export interface LocationPricingInputs {
  colors?: number | undefined;
  stitches?: number | undefined;
  printSize?: string | undefined;
}

/**
 * The pricing inputs of a location with only those set: what a cart line keeps, what checkout is
 * sent and what an order stores (an input left out and one set to undefined read differently).
 * A module of its own: the cart's payloads (in the header's script on every page) need only this
 * of pricing, not the job builder.
 */
export function locationInputs({ colors, stitches, printSize }: LocationPricingInputs): JobDecoration['inputs'] {
  return {
    ...(colors !== undefined ? { colors } : {}),
    ...(stitches !== undefined ? { stitches } : {}),
    ...(printSize !== undefined ? { printSize } : {}),
  };
}
