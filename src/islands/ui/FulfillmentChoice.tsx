import type { Fulfillment } from '../../lib/pricing/cart-totals.ts';
import { setFulfillment } from '../../stores/cart.ts';
import { Choice, ChoiceGroup } from './Choice.tsx';

/** Ship or Local Handoff: one choice for the whole cart, kept in the cart store (product page and cart). */
export function FulfillmentChoice({ value }: { value: Fulfillment }) {
  return (
    <ChoiceGroup
      label="Fulfillment"
      name="fulfillment"
      look="list"
      value={value}
      onChange={(next) => setFulfillment(next as Fulfillment)}
    >
      <Choice value="shipping">Ship</Choice>
      <Choice value="local">Local Handoff</Choice>
    </ChoiceGroup>
  );
}
