import { addDays, shopDay } from '../../lib/site/shop-time.ts';
import { CART_LOCAL_NOTE, SHIPPING_SPEEDS } from '../../lib/cart/cart-copy.ts';
import { pricingInput, summaryCharges } from '../../lib/cart/cart-payloads.ts';
import type { CartItem } from '../../lib/cart/cart-item.ts';
import type { StoredCart } from '../../lib/browser/cart-storage.ts';
import { formatUsd } from '../../lib/money.ts';
import { PERSONAL_CODE_MESSAGES } from '../../lib/cart/personal-code.ts';
import { type PriceBreakdown, priceCart, SHIPPING_CENTS } from '../../lib/pricing/cart-totals.ts';
import { turnaroundChoices, turnaroundWords } from '../../lib/pricing/turnaround.ts';
import { pageCalendar } from '../../lib/browser/shop-calendar.ts';
import { countingDay } from '../../lib/calendar/shop-calendar.ts';
import { amount, button, type IslandClasses, type NextId } from './lines.ts';
import { h, hp, type Markup } from './markup.ts';
import { shipToFields } from './ship-to.ts';

/**
 * The cart page's order summary as the island renders it for a stored cart before a person has
 * done anything (src/islands/cart/OrderSummary.tsx and the parts it is made of): no code typed,
 * no error, no date chosen, no notices yet.
 */

function fulfillmentChoice(ui: IslandClasses['ui'], value: StoredCart['fulfillment'], labelId: string) {
  const choice = (option: string, text: string) =>
    h(
      'label',
      { class: ui['choice'] },
      h('input', {
        type: 'radio',
        class: 'visually-hidden',
        name: 'fulfillment',
        value: option,
        checked: value === option ? '' : undefined,
      }),
      text,
    );
  return h(
    'div',
    { role: 'radiogroup', 'aria-labelledby': labelId, class: `${ui['group']} ${ui['list']}` },
    h('span', { id: labelId, class: ui['label'] }, 'Fulfillment'),
    h('div', { class: ui['options'] }, choice('shipping', 'Ship'), choice('local', 'Local Handoff')),
  );
}

function shippingSpeed(cart: IslandClasses['cart'], speed: StoredCart['shippingSpeed']) {
  return h(
    'div',
    { class: cart['field'] },
    h('label', { for: 'shipping-speed' }, 'Shipping speed'),
    hp(
      'select',
      { id: 'shipping-speed' },
      { value: speed },
      ...SHIPPING_SPEEDS.map((s) =>
        h('option', { value: s.value }, s.label, ' (', formatUsd(SHIPPING_CENTS[s.value]), ')'),
      ),
    ),
  );
}

function inHandsDate(cart: IslandClasses['cart']) {
  return h(
    'div',
    { class: cart['field'] },
    h('label', { for: 'in-hands-date' }, 'Need it by? (optional)'),
    h('input', {
      id: 'in-hands-date',
      type: 'date',
      min: addDays(shopDay(), 1),
      value: '',
      'aria-describedby': 'in-hands-note',
    }),
    h(
      'p',
      { id: 'in-hands-note', class: cart['note'] },
      'The date you need your order in hand. We plan the job around it.',
    ),
  );
}

function promoCode(c: IslandClasses, code: string, inputId: string) {
  if (code) {
    return h(
      'p',
      { class: c.cart['applied'] },
      h('span', {}, 'Code "', code, '" applied'),
      button(c.ui, { variant: 'quiet' }, {}, 'Remove'),
    );
  }
  return h(
    'details',
    { class: c.cart['promo'] },
    h('summary', {}, 'Have a promo code?'),
    h(
      'form',
      { class: c.cart['promoForm'] },
      h('label', { for: inputId, class: 'visually-hidden' }, 'Promo code'),
      h('input', {
        id: inputId,
        value: '',
        autocomplete: 'off',
        autocapitalize: 'characters',
        spellcheck: 'false',
      }),
      button(c.ui, { variant: 'secondary', type: 'submit' }, {}, 'Apply'),
    ),
  );
}

function personalCodeEmail(cart: IslandClasses['cart'], id: string) {
  return h(
    'div',
    { class: cart['field'] },
    h('label', { for: id }, 'E-mail the code was sent to'),
    h('p', { id: `${id}-hint`, class: cart['hint'] }, PERSONAL_CODE_MESSAGES.hint),
    h('input', {
      id,
      class: cart['emailInput'],
      type: 'email',
      inputmode: 'email',
      autocomplete: 'email',
      spellcheck: 'false',
      required: '',
      value: '',
      'aria-describedby': `${id}-hint`,
    }),
  );
}

function freeShippingProgress(cart: IslandClasses['cart'], pricing: PriceBreakdown) {
  const unlocked = pricing.free_shipping_remaining_cents === 0;
  const message: Markup[] = unlocked
    ? ["You've unlocked free shipping!"]
    : ['Spend ', amount(pricing.free_shipping_remaining_cents), ' more for free shipping'];
  return h(
    'div',
    { class: cart['progress'] },
    h('p', { id: 'free-shipping-message' }, ...message),
    h('progress', {
      max: '1',
      value: String(pricing.free_shipping_progress),
      'aria-labelledby': 'free-shipping-message',
    }),
  );
}

/** The order's turnaround (src/islands/cart/CartTurnaround.tsx): only when a line's product offers rush. */
function turnaround(options: IslandClasses['options'], items: readonly CartItem[], rush: string | null) {
  const list = items.map((i) => i.list?.product.turnaround_list).find(Boolean);
  if (!list) return null;
  const calendar = pageCalendar();
  const choices = turnaroundChoices(list.data, countingDay(calendar), calendar);
  const chosen = choices.some((c) => c.code === rush) ? rush : null;
  return h(
    'fieldset',
    { class: options['locations'] },
    h('legend', {}, 'Turnaround'),
    ...choices.map((choice) =>
      h(
        'label',
        { class: options['location'] },
        h('input', {
          type: 'radio',
          name: 'rush',
          value: choice.code ?? '',
          checked: chosen === choice.code ? '' : undefined,
        }),
        turnaroundWords(choice),
      ),
    ),
    h('p', { class: options['note'] }, 'Days count from your proof approval, Monday to Friday.'),
  );
}

const row = (term: Markup[], detail: Markup[]) => h('div', {}, h('dt', {}, ...term), h('dd', {}, ...detail));

/** The summary section; `cardBrands` is the island's own CardBrands markup, built with the page. */
export function orderSummary(c: IslandClasses, stored: StoredCart, nextId: NextId, cardBrands: Markup) {
  const { cart } = c;
  const { items, fulfillment, discount, discountCode: code } = stored;
  const pricing = priceCart(pricingInput(items, fulfillment, stored.shippingSpeed, discount, stored.rush));
  const { printCents, rush } = summaryCharges(items, stored.rush);
  const needsEmail = stored.discountNeedsEmail && code !== '';
  const subtotal =
    pricing.discount_cents > 0
      ? [
          h('s', {}, h('span', { class: 'visually-hidden' }, 'was '), amount(pricing.subtotal_cents)),
          ' ',
          h('span', { class: 'visually-hidden' }, 'now '),
          amount(pricing.discounted_subtotal_cents),
        ]
      : [amount(pricing.subtotal_cents)];
  const discountAmount = discount?.type === 'free_shipping' ? ['Free shipping'] : ['−', amount(pricing.discount_cents)];
  return h(
    'section',
    { 'aria-labelledby': 'summary-title', class: cart['summary'] },
    h('h2', { id: 'summary-title' }, 'Order summary'),
    h(
      'dl',
      { class: cart['amounts'] },
      row(['Subtotal'], subtotal),
      printCents > 0 && row(['Print locations and setup (in subtotal)'], [amount(printCents)]),
      rush && row([rush.name, ' (in subtotal)'], [amount(rush.cents)]),
    ),
    fulfillmentChoice(c.ui, fulfillment, nextId()),
    fulfillment === 'local' && h('p', { class: cart['note'] }, CART_LOCAL_NOTE),
    fulfillment === 'shipping' && shippingSpeed(cart, stored.shippingSpeed),
    inHandsDate(cart),
    fulfillment === 'shipping' && shipToFields(cart),
    h(
      'dl',
      { class: cart['amounts'] },
      row(['Shipping'], [pricing.shipping_cents === 0 ? 'Free' : amount(pricing.shipping_cents)]),
      row(
        ['Estimated tax ', h('span', { class: cart['taxRule'] }, pricing.tax_label.replace(/^Tax /, ''))],
        [amount(pricing.tax_cents)],
      ),
      discount && row(['Discount (', code, ')'], discountAmount),
    ),
    promoCode(c, code, nextId()),
    needsEmail && personalCodeEmail(cart, nextId()),
    fulfillment === 'shipping' && discount?.type !== 'free_shipping' && freeShippingProgress(cart, pricing),
    h('dl', { class: `${cart['amounts']} ${cart['total']}` }, row(['Total'], [amount(pricing.total_cents)])),
    turnaround(c.options, items, stored.rush),
    h('div', { role: 'status', class: c.stock['notices'] }),
    h(
      'label',
      { class: cart['accountToggle'] },
      h('input', { type: 'checkbox' }),
      'Bill my school, team or company account with a purchase order',
    ),
    button(c.ui, { wide: true }, {}, 'Checkout'),
    cardBrands,
  );
}
