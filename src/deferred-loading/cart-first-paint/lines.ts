import { lineImageAlt, linePictureLoading } from '../../lib/cart/cart-lines.ts';
import type { CartItem, LineLocation } from '../../lib/cart/cart-item.ts';
import { lineMax } from '../../lib/browser/cart-stock.ts';
import { imageUrl } from '../../lib/catalog/images.ts';
import { cartLineBreakdowns } from '../../lib/pricing/cart-list-pricer.ts';
import { formatUsd } from '../../lib/money.ts';
import { h, type Markup } from './markup.ts';

/**
 * The cart page's item rows as the island renders them before the shop has said anything about
 * stock or prices (src/islands/cart/CartLines.tsx, LineDesign.tsx, ui/QuantityStepper.tsx,
 * ui/Button.tsx, ui/Amount.tsx): same elements, attributes, classes and text.
 */

/** The class names of the island's CSS modules, by module (Vite names them at build time). */
export interface IslandClasses {
  cart: Record<string, string>;
  ui: Record<string, string>;
  design: Record<string, string>;
  stock: Record<string, string>;
  /** The product options' classes: the cart's turnaround choice is the product page's. */
  options: Record<string, string>;
}

/** Ids the first paint gives its labels and fields (the island makes its own with useId). */
export type NextId = () => string;

export const amount = (cents: number) => h('span', { class: 'amount' }, formatUsd(cents));

export function button(
  ui: IslandClasses['ui'],
  options: { variant?: 'primary' | 'secondary' | 'quiet'; wide?: boolean; disabled?: boolean; type?: string },
  attrs: Record<string, string | undefined>,
  ...children: Markup[]
) {
  const { variant = 'primary', wide = false, disabled = false, type = 'button' } = options;
  const classes = [ui['button'], ui[variant], wide && ui['wide']].filter(Boolean).join(' ');
  return h('button', { ...attrs, type, class: classes, 'aria-disabled': disabled ? 'true' : undefined }, ...children);
}

function quantityStepper(ui: IslandClasses['ui'], item: CartItem, id: string) {
  const label = `Quantity of ${item.name}`;
  const of = label.replace(/^Quantity/, '');
  const max = lineMax(undefined);
  return h(
    'div',
    { class: ui['stepper'] },
    h('label', { for: id, class: 'visually-hidden' }, label),
    h(
      'div',
      { class: ui['stepperRow'] },
      button(
        ui,
        { variant: 'quiet', disabled: item.quantity <= 1 },
        { 'data-step': 'down', 'aria-label': `Decrease quantity${of}` },
        h('span', { 'aria-hidden': 'true' }, '−'),
      ),
      h('input', {
        id,
        class: ui['quantity'],
        type: 'number',
        inputmode: 'numeric',
        min: '1',
        max: String(max),
        value: String(item.quantity),
      }),
      button(
        ui,
        { variant: 'quiet', disabled: item.quantity >= max },
        { 'data-step': 'up', 'aria-label': `Increase quantity${of}` },
        h('span', { 'aria-hidden': 'true' }, '+'),
      ),
    ),
  );
}

/** A location's artwork line; an uploaded file's thumbnail arrives with the island (it needs the owner token). */
const locationArtwork = (l: LineLocation) =>
  l.artworkId
    ? h('span', {}, l.name, ': ', l.artworkName ?? 'artwork attached')
    : h('span', {}, l.name, ": artwork to come (we'll ask for it after you order)");

function lineDesign(c: IslandClasses, item: CartItem) {
  if (!item.locations?.length) return null;
  return h(
    'ul',
    { class: c.design['design'], 'aria-label': 'Print locations' },
    ...item.locations.map((l) =>
      h(
        'li',
        { 'data-line-location': l.code },
        h(
          'div',
          { class: c.design['row'] },
          locationArtwork(l),
          button(
            c.ui,
            { variant: 'quiet' },
            { 'aria-label': `${l.artworkId ? 'Replace' : 'Attach'} artwork for ${l.name} of ${item.name}` },
            l.artworkId ? 'Replace' : 'Attach artwork',
          ),
          l.artworkId &&
            button(
              c.ui,
              { variant: 'quiet' },
              { 'aria-label': `Send later the artwork for ${l.name} of ${item.name}` },
              'Send later',
            ),
        ),
      ),
    ),
  );
}

const REMOVE_ICON = h(
  'svg',
  { viewBox: '0 0 24 24', width: '20', height: '20', 'aria-hidden': 'true' },
  h('path', {
    d: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  }),
);

function line(
  c: IslandClasses,
  item: CartItem,
  nextId: NextId,
  breakdown: string | null,
  picture: ReturnType<typeof linePictureLoading>,
) {
  const { cart } = c;
  return h(
    'li',
    { class: cart['line'] },
    item.image_main_url
      ? h('img', {
          class: cart['thumb'],
          src: imageUrl(item.image_main_url, 400),
          alt: lineImageAlt(item),
          width: '96',
          height: '96',
          loading: picture.loading,
          fetchpriority: picture.fetchPriority,
        })
      : // No photo: the same placeholder the island draws (CartLines).
        h(
          'span',
          { class: cart['thumb'], 'aria-hidden': 'true' },
          h('span', { class: 'photo-placeholder photo-placeholder--fill' }),
        ),
    h(
      'div',
      { class: cart['lineText'] },
      h('h3', { class: cart['lineName'] }, item.name),
      item.colorName && h('p', {}, 'Color: ', item.colorName),
      item.sizeName && h('p', {}, 'Size: ', item.sizeName),
      lineDesign(c, item),
      h('p', {}, amount(item.price_cents), ' each'),
      // A list-priced line's price in words (CartLines' ListBreakdown).
      breakdown && h('p', { class: cart['breakdown'], 'data-line-breakdown': 'true' }, breakdown),
    ),
    h(
      'div',
      { class: cart['lineControls'] },
      quantityStepper(c.ui, item, nextId()),
      h(
        'p',
        { class: cart['lineTotal'] },
        h('span', { class: 'visually-hidden' }, 'Line total: '),
        amount(item.price_cents * item.quantity),
      ),
      button(c.ui, { variant: 'quiet' }, { 'aria-label': `Remove ${item.name}` }, REMOVE_ICON),
    ),
  );
}

/**
 * The list of lines ("Items in your cart"). A list-priced line's price in words needs the engine
 * (paint-lists.ts loads it); without it a line keeps the price it was stored with.
 */
export function cartLines(c: IslandClasses, items: readonly CartItem[], nextId: NextId, rush: string | null = null) {
  const breakdowns = cartLineBreakdowns(items, rush);
  return h(
    'ul',
    { class: c.cart['lines'], 'aria-label': 'Items in your cart' },
    ...items.map((item, index) => line(c, item, nextId, breakdowns[index] ?? null, linePictureLoading(items, index))),
  );
}
