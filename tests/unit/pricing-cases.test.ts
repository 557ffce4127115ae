import { describe, expect, it } from 'vitest';
import {
  type AppliedDiscount,
  type Fulfillment,
  priceCart,
  SHIPPING_CENTS,
  type ShippingSpeed,
  TAX_RATE,
} from '../../src/lib/pricing/cart-totals.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '../../src/lib/site/site.ts';

type Case = {
  name: string;
  lines: [unit: number, quantity: number][];
  fulfillment?: Fulfillment;
  speed?: ShippingSpeed;
  discount?: AppliedDiscount | null;
  expected: { subtotal: number; discount: number; shipping: number; tax: number; total: number };
};

const fixed = (amount_cents: number): AppliedDiscount => ({ type: 'fixed', amount_cents });
const percent = (basisPoints: number): AppliedDiscount => ({ type: 'percentage', amount_cents: basisPoints });
const freeShipping: AppliedDiscount = { type: 'free_shipping', amount_cents: 0 };

const CASES: Case[] = [
  // Plain carts: shipping by speed, 8% tax of the subtotal.
  {
    name: 'no code, standard',
    lines: [[2400, 2]],
    expected: { subtotal: 4800, discount: 0, shipping: 500, tax: 384, total: 5684 },
  },
  {
    name: 'no code, express',
    lines: [[2400, 2]],
    speed: 'express',
    expected: { subtotal: 4800, discount: 0, shipping: 1500, tax: 384, total: 6684 },
  },
  {
    name: 'no code, overnight',
    lines: [[2400, 2]],
    speed: 'overnight',
    expected: { subtotal: 4800, discount: 0, shipping: 2500, tax: 384, total: 7684 },
  },
  {
    name: 'several lines add up',
    lines: [
      [1999, 1],
      [550, 3],
      [1, 7],
    ],
    expected: { subtotal: 3656, discount: 0, shipping: 500, tax: 292, total: 4448 },
  },
  {
    name: 'empty cart costs nothing',
    lines: [],
    speed: 'overnight',
    expected: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0 },
  },

  // Fixed: cents off, capped at the subtotal (never below zero).
  {
    name: 'fixed $10',
    lines: [[2400, 2]],
    discount: fixed(1000),
    expected: { subtotal: 4800, discount: 1000, shipping: 500, tax: 304, total: 4604 },
  },
  {
    name: 'fixed larger than the cart is capped',
    lines: [[2400, 1]],
    discount: fixed(5000),
    expected: { subtotal: 2400, discount: 2400, shipping: 500, tax: 0, total: 500 },
  },
  {
    name: 'fixed equal to the cart',
    lines: [[2400, 1]],
    fulfillment: 'local',
    discount: fixed(2400),
    expected: { subtotal: 2400, discount: 2400, shipping: 0, tax: 0, total: 0 },
  },
  {
    name: 'a negative fixed amount takes nothing off',
    lines: [[2400, 1]],
    discount: fixed(-500),
    expected: { subtotal: 2400, discount: 0, shipping: 500, tax: 192, total: 3092 },
  },

  // Percentage: amount_cents is basis points; half a cent rounds up.
  {
    name: '25% off',
    lines: [[2400, 2]],
    discount: percent(2500),
    expected: { subtotal: 4800, discount: 1200, shipping: 500, tax: 288, total: 4388 },
  },
  {
    name: '10% of $10.05 is 100.5 cents, rounded to 101',
    lines: [[1005, 1]],
    discount: percent(1000),
    expected: { subtotal: 1005, discount: 101, shipping: 500, tax: 72, total: 1476 },
  },
  {
    name: '10% of $10.04 is 100.4 cents, rounded to 100',
    lines: [[1004, 1]],
    discount: percent(1000),
    expected: { subtotal: 1004, discount: 100, shipping: 500, tax: 72, total: 1476 },
  },
  {
    name: '100% off leaves shipping only',
    lines: [[2400, 2]],
    discount: percent(10_000),
    expected: { subtotal: 4800, discount: 4800, shipping: 500, tax: 0, total: 500 },
  },
  {
    name: 'more than 100% is capped at the subtotal',
    lines: [[2400, 2]],
    discount: percent(15_000),
    expected: { subtotal: 4800, discount: 4800, shipping: 500, tax: 0, total: 500 },
  },

  // Free shipping code: shipping 0 whatever the speed; nothing off the goods.
  {
    name: 'free-shipping code, overnight',
    lines: [[2400, 2]],
    speed: 'overnight',
    discount: freeShipping,
    expected: { subtotal: 4800, discount: 0, shipping: 0, tax: 384, total: 5184 },
  },

  // The $100 threshold applies to the subtotal after the discount.
  {
    name: 'exactly $100 ships free',
    lines: [[5000, 2]],
    speed: 'overnight',
    expected: { subtotal: 10_000, discount: 0, shipping: 0, tax: 800, total: 10_800 },
  },
  {
    name: '$99.99 pays shipping',
    lines: [[9999, 1]],
    expected: { subtotal: 9999, discount: 0, shipping: 500, tax: 800, total: 11_299 },
  },
  {
    name: '$110 less $20 is $90: shipping charged',
    lines: [[5500, 2]],
    discount: fixed(2000),
    expected: { subtotal: 11_000, discount: 2000, shipping: 500, tax: 720, total: 10_220 },
  },
  {
    name: '$100 less 1 cent: shipping charged',
    lines: [[5000, 2]],
    speed: 'express',
    discount: fixed(1),
    expected: { subtotal: 10_000, discount: 1, shipping: 1500, tax: 800, total: 12_299 },
  },
  {
    name: '$112 less 10% is $100.80: free',
    lines: [[11_200, 1]],
    speed: 'express',
    discount: percent(1000),
    expected: { subtotal: 11_200, discount: 1120, shipping: 0, tax: 806, total: 10_886 },
  },
  {
    name: '$110 less 10% is $99: shipping charged',
    lines: [[11_000, 1]],
    speed: 'express',
    discount: percent(1000),
    expected: { subtotal: 11_000, discount: 1100, shipping: 1500, tax: 792, total: 12_192 },
  },

  // Local handoff: never shipping.
  {
    name: 'local handoff, small cart, overnight chosen',
    lines: [[1200, 1]],
    fulfillment: 'local',
    speed: 'overnight',
    expected: { subtotal: 1200, discount: 0, shipping: 0, tax: 96, total: 1296 },
  },
  {
    name: 'local handoff with a percentage code',
    lines: [[1999, 3]],
    fulfillment: 'local',
    discount: percent(1500),
    expected: { subtotal: 5997, discount: 900, shipping: 0, tax: 408, total: 5505 },
  },

  // Tax rounds to the nearest cent of 8% of the discounted subtotal.
  {
    name: 'tax 80.48 rounds down',
    lines: [[1006, 1]],
    fulfillment: 'local',
    expected: { subtotal: 1006, discount: 0, shipping: 0, tax: 80, total: 1086 },
  },
  {
    name: 'tax 80.56 rounds up',
    lines: [[1007, 1]],
    fulfillment: 'local',
    expected: { subtotal: 1007, discount: 0, shipping: 0, tax: 81, total: 1088 },
  },
  {
    name: 'tax on one cent is zero',
    lines: [[1, 1]],
    fulfillment: 'local',
    expected: { subtotal: 1, discount: 0, shipping: 0, tax: 0, total: 1 },
  },
  {
    name: 'tax after a discount',
    lines: [[3333, 1]],
    fulfillment: 'local',
    discount: fixed(333),
    expected: { subtotal: 3333, discount: 333, shipping: 0, tax: 240, total: 3240 },
  },
];

describe('priceCart against a table of cases', () => {
  it.each(CASES)('$name', ({ lines, fulfillment = 'shipping', speed = 'standard', discount = null, expected }) => {
    const price = priceCart({
      lines: lines.map(([unit_price_cents, quantity]) => ({ unit_price_cents, quantity })),
      fulfillment,
      shippingSpeed: speed,
      discount,
    });
    expect({
      subtotal: price.subtotal_cents,
      discount: price.discount_cents,
      shipping: price.shipping_cents,
      tax: price.tax_cents,
      total: price.total_cents,
    }).toEqual(expected);
    expect(price.discounted_subtotal_cents).toBe(expected.subtotal - expected.discount);
  });
});

/** mulberry32: a small seeded generator, so a failing cart can be reproduced from the seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}

const SPEEDS = ['standard', 'express', 'overnight'] as const;

function randomCart(rng: ReturnType<typeof random>) {
  const lines = Array.from({ length: rng.int(0, 6) }, () => ({
    // Mostly shop-like prices, sometimes tiny or large ones.
    unit_price_cents: rng.pick([rng.int(0, 99), rng.int(100, 6000), rng.int(6000, 60_000)]),
    quantity: rng.pick([1, 1, 2, rng.int(1, 20), rng.int(1, 999)]),
  }));
  const kind = rng.int(0, 3);
  const discount: AppliedDiscount | null =
    kind === 0
      ? null
      : kind === 1
        ? { type: 'fixed', amount_cents: rng.pick([rng.int(0, 2000), rng.int(0, 100_000), 0]) }
        : kind === 2
          ? { type: 'percentage', amount_cents: rng.pick([rng.int(0, 10_000), 1000, 2500, rng.int(0, 20_000)]) }
          : { type: 'free_shipping', amount_cents: 0 };
  return {
    lines,
    fulfillment: rng.pick(['shipping', 'shipping', 'local'] as const),
    shippingSpeed: rng.pick(SPEEDS),
    discount,
  };
}

describe('priceCart properties over 2,000 random carts', () => {
  const SEED = 20261121;
  const rng = random(SEED);
  const carts = Array.from({ length: 2000 }, () => randomCart(rng));

  it('answers whole, non-negative cents that add up exactly', () => {
    for (const [i, cart] of carts.entries()) {
      const price = priceCart(cart);
      const context = `cart ${i} (seed ${SEED}): ${JSON.stringify(cart)}`;
      for (const value of [
        price.subtotal_cents,
        price.discount_cents,
        price.discounted_subtotal_cents,
        price.shipping_cents,
        price.tax_cents,
        price.total_cents,
      ]) {
        expect(Number.isSafeInteger(value), context).toBe(true);
        expect(value, context).toBeGreaterThanOrEqual(0);
      }
      expect(price.discount_cents, context).toBeLessThanOrEqual(price.subtotal_cents);
      expect(price.discounted_subtotal_cents, context).toBe(price.subtotal_cents - price.discount_cents);
      expect(price.total_cents, context).toBe(price.discounted_subtotal_cents + price.shipping_cents + price.tax_cents);
      expect(price.tax_cents, context).toBe(Math.round(price.discounted_subtotal_cents * TAX_RATE));
    }
  });

  it('never charges more than the undiscounted subtotal plus the speed’s shipping plus its tax', () => {
    for (const [i, cart] of carts.entries()) {
      const price = priceCart(cart);
      const subtotal = cart.lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0);
      // The chosen speed's full price: a discount can take a cart below the free-shipping
      // threshold, so the undiscounted cart's own (free) shipping is not the bound.
      const ceiling = subtotal + SHIPPING_CENTS[cart.shippingSpeed] + Math.round(subtotal * TAX_RATE);
      expect(price.total_cents, `cart ${i} (seed ${SEED}): ${JSON.stringify(cart)}`).toBeLessThanOrEqual(ceiling);
      // And a discount never makes the goods and their tax dearer.
      const plain = priceCart({ ...cart, discount: null });
      expect(price.discounted_subtotal_cents + price.tax_cents).toBeLessThanOrEqual(
        plain.subtotal_cents + plain.tax_cents,
      );
    }
  });

  it('charges shipping exactly when it is owed', () => {
    for (const cart of carts) {
      const price = priceCart(cart);
      const free =
        cart.fulfillment === 'local' ||
        cart.discount?.type === 'free_shipping' ||
        price.subtotal_cents === 0 ||
        price.discounted_subtotal_cents >= FREE_SHIPPING_THRESHOLD_CENTS;
      expect(price.shipping_cents).toBe(free ? 0 : SHIPPING_CENTS[cart.shippingSpeed]);
      expect(price.free_shipping_remaining_cents).toBe(
        Math.max(0, FREE_SHIPPING_THRESHOLD_CENTS - price.discounted_subtotal_cents),
      );
      expect(price.free_shipping_progress).toBeGreaterThanOrEqual(0);
      expect(price.free_shipping_progress).toBeLessThanOrEqual(1);
    }
  });

  it('covers every kind of cart (the generator is not degenerate)', () => {
    const seen = new Set(carts.map((c) => `${c.fulfillment}:${c.discount?.type ?? 'none'}`));
    expect(seen.size).toBe(8);
    expect(carts.some((c) => priceCart(c).shipping_cents > 0)).toBe(true);
    expect(
      carts.some(
        (c) => c.fulfillment === 'shipping' && priceCart(c).discounted_subtotal_cents >= FREE_SHIPPING_THRESHOLD_CENTS,
      ),
    ).toBe(true);
  });
});
