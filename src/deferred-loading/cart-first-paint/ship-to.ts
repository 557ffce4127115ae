import { decodeShipTo, SHIP_TO_KEY } from '../../lib/tax/ship-to.ts';
import type { IslandClasses } from './lines.ts';
import { h } from './markup.ts';

/** The ship-to state and ZIP fields as the island renders them (src/islands/cart/ShipToFields.tsx). */
export function shipToFields(cart: IslandClasses['cart']) {
  const typed = decodeShipTo(localStorage.getItem(SHIP_TO_KEY));
  return h(
    'fieldset',
    { class: cart['shipTo'] },
    h('legend', {}, 'Ship to (for the tax)'),
    h(
      'div',
      { class: cart['field'] },
      h('label', { for: 'ship-to-state' }, 'State'),
      h('input', {
        id: 'ship-to-state',
        autocomplete: 'shipping address-level1',
        maxlength: '2',
        size: '3',
        value: typed.state,
      }),
    ),
    h(
      'div',
      { class: cart['field'] },
      h('label', { for: 'ship-to-zip' }, 'ZIP code'),
      h('input', {
        id: 'ship-to-zip',
        autocomplete: 'shipping postal-code',
        inputmode: 'numeric',
        maxlength: '10',
        size: '7',
        value: typed.zip,
      }),
    ),
  );
}
