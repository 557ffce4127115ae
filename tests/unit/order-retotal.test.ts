import { describe, expect, it } from 'vitest';
import { formatSignedUsd } from '../../src/lib/money.ts';
import { largestCreditCents, retotal } from '../../src/lib/orders/order-retotal.ts';
import { priceCart } from '../../src/lib/pricing/cart-totals.ts';

/** An order as checkout priced it: lines, a fixed discount, standard shipping, the shop's tax. */
function checkedOut(lineCents: number[], discountCents = 0, fulfillment: 'shipping' | 'local' = 'local') {
  const p = priceCart({
    lines: lineCents.map((c) => ({ unit_price_cents: c, quantity: 1 })),
    fulfillment,
    shippingSpeed: 'standard',
    discount: discountCents ? { type: 'fixed', amount_cents: discountCents } : null,
  });
  return {
    subtotal_cents: p.subtotal_cents,
    discount_cents: p.discount_cents,
    shipping_cents: p.shipping_cents,
    tax_cents: p.tax_cents,
    total_cents: p.total_cents,
  };
}

describe("an order's money after its lines change", () => {
  it('comes to what checkout would charge for the new lines, the tax following the subtotal', () => {
    const order = checkedOut([4_550, 1_999], 500);
    const changed = retotal(order, 1_200);
    const fresh = checkedOut([4_550, 1_999, 1_200], 500);
    expect(changed).toEqual(fresh);
    expect(changed.total_cents - order.total_cents).toBe(1_200 + fresh.tax_cents - order.tax_cents);
  });

  it('keeps the shipping and the discount as they were charged', () => {
    const order = checkedOut([2_000], 300, 'shipping');
    const changed = retotal(order, -700);
    expect(changed.shipping_cents).toBe(order.shipping_cents);
    expect(changed.discount_cents).toBe(300);
    expect(changed.total_cents).toBe(changed.subtotal_cents - 300 + order.shipping_cents + changed.tax_cents);
  });

  it('takes a credit down to the goods after the discount, and no further', () => {
    const order = checkedOut([2_000], 300);
    expect(largestCreditCents(order)).toBe(1_700);
    const emptied = retotal(order, -1_700);
    expect(emptied).toMatchObject({ subtotal_cents: 300, tax_cents: 0, total_cents: 0 });
  });

  it('re-taxes at the rate the order was charged, not the shop’s rate today', () => {
    // $100.00 in Lubbock at 8.25 % with $5.00 shipping taxed: tax 866. Add $20.00 of goods.
    const lubbock = {
      subtotal_cents: 10_000,
      discount_cents: 0,
      shipping_cents: 500,
      tax_cents: 866,
      total_cents: 11_366,
    };
    const changed = retotal({ ...lubbock, tax_rate_milli: 8_250 }, 2_000);
    expect(changed).toMatchObject({ subtotal_cents: 12_000, tax_cents: 866 + 165, total_cents: 12_000 + 500 + 1_031 });
    // An exempt order (rate 0) stays untaxed however its lines change.
    const exempt = { ...lubbock, tax_cents: 0, total_cents: 10_500, tax_rate_milli: 0 };
    expect(retotal(exempt, 2_000).tax_cents).toBe(0);
  });

  it('never makes the tax negative on an order that was charged none', () => {
    const untaxed = { subtotal_cents: 10_000, discount_cents: 0, shipping_cents: 0, tax_cents: 0, total_cents: 10_000 };
    expect(retotal(untaxed, -5_000).tax_cents).toBe(0);
  });
});

describe('a change of an amount in words', () => {
  it('has its sign, with a true minus', () => {
    expect(formatSignedUsd(1_200)).toBe('+$12.00');
    expect(formatSignedUsd(-123_456)).toBe('−$1,234.56');
  });
});
