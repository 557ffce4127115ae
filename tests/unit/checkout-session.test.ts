import { describe, expect, it } from 'vitest';
import { readPurchase } from '../../src/islands/checkout-session.ts';

const lineItems = [
  {
    id: 'li_1',
    description: 'City Champ Rope Cap (Navy, fits all)',
    name: 'City Champ Rope Cap',
    quantity: 2,
    amount_total: 5600,
    amount_subtotal: 5600,
  },
  {
    id: 'li_2',
    description: 'Holographic Lone Star Sticker',
    name: 'Holographic Lone Star Sticker',
    quantity: 1,
    amount_total: 600,
    amount_subtotal: 600,
  },
];

describe('success page: reading the checkout session (spec §7)', () => {
  it('reads a session with line_items.data and takes the charged total from it', () => {
    const purchase = readPurchase({
      id: 'cs_1',
      payment_status: 'paid',
      amount_total: 7196,
      line_items: { data: lineItems },
    });
    expect(purchase).toEqual({
      lines: [
        { id: 'li_1', description: 'City Champ Rope Cap (Navy, fits all)', quantity: 2, amount_cents: 5600 },
        { id: 'li_2', description: 'Holographic Lone Star Sticker', quantity: 1, amount_cents: 600 },
      ],
      total_cents: 7196,
      total_items: 3,
      average_cents: 2399,
      paid: true,
    });
  });

  it('accepts the other shapes: {session}, lineItems and order.items', () => {
    expect(readPurchase({ session: { line_items: { data: lineItems } } })?.total_cents).toBe(6200);
    expect(readPurchase({ lineItems })?.lines).toHaveLength(2);
    const order = { order: { items: [{ name: 'Rally Towel', quantity: 3, unit_price_cents: 1000 }] } };
    expect(readPurchase(order)).toMatchObject({
      lines: [{ id: 'line-0', description: 'Rally Towel', quantity: 3, amount_cents: 3000 }],
      total_cents: 3000,
    });
  });

  it('says unpaid sessions are not paid, and finds nothing in an empty answer', () => {
    expect(readPurchase({ payment_status: 'unpaid', line_items: { data: lineItems } })?.paid).toBe(false);
    expect(readPurchase({})).toBeNull();
    expect(readPurchase(null)).toBeNull();
    expect(readPurchase({ line_items: { data: [] } })).toBeNull();
  });
});
