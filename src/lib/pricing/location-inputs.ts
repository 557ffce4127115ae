import type { JobDecoration } from './job.ts';
import type { ChosenDecoration } from './product-job.ts';

/** A location's pricing inputs. */
type Inputs = Pick<ChosenDecoration, 'colors' | 'stitches' | 'printSize'>;

/**
 * The pricing inputs of a location with only those set: what a cart line keeps, what checkout is
 * sent and what an order stores (an input left out and one set to undefined read differently).
 * A module of its own: the cart's payloads (in the header's script on every page) need only this
 * of pricing, not the job builder.
 */
export function locationInputs({ colors, stitches, printSize }: Inputs): JobDecoration['inputs'] {
  return {
    ...(colors !== undefined ? { colors } : {}),
    ...(stitches !== undefined ? { stitches } : {}),
    ...(printSize !== undefined ? { printSize } : {}),
  };
}
