import { describe, expect, it } from 'vitest';
import { readPurchase } from '../../src/islands/checkout-session.ts';
import type { OrderReceipt } from '../../src/lib/cart/checkout-schema.ts';

const lineItems = [
  {
    id: 'li_1',
    description: 'City Champ Rope Cap (Navy, fits all)',
    name: 'City Champ Rope Cap',
    quantity: 2,
    amount_total: 5600,
    amount_subtotal: 5600,
    // The shop's addition: the picture of the colour bought.
    image_url: '/images/products/city-champ-rope-cap--navy.webp',
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

describe('success page: reading the checkout session (docs/decisions/spec-rules.md#s7)', () => {
  it('reads a session with line_items.data and takes the charged total from it', () => {
    const purchase = readPurchase({
      id: 'cs_1',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 7196,
      line_items: { data: lineItems },
    });
    expect(purchase).toEqual({
      order_number: null,
      order_url: null,
      lines: [
        {
          id: 'li_1',
          description: 'City Champ Rope Cap (Navy, fits all)',
          quantity: 2,
          amount_cents: 5600,
          print: [],
          image_url: '/images/products/city-champ-rope-cap--navy.webp',
          priced: null,
        },
        // Stripe's lines carry no picture.
        {
          id: 'li_2',
          description: 'Holographic Lone Star Sticker',
          quantity: 1,
          amount_cents: 600,
          print: [],
          image_url: null,
          priced: null,
        },
      ],
      totals: null,
      total_cents: 7196,
      total_items: 3,
      paid: true,
      designs: [],
      store_closed: null,
    });
  });

  it('keeps what the order will print, when the session says', () => {
    const designs = [
      {
        label: 'City Champ Tourney Tee (Navy, M)',
        quantity: 10,
        locations: [
          {
            code: 'front',
            name: 'Front',
            artwork_id: '6f1c1c1e-8a43-4a53-9d5e-0e8d7d2f2b11',
            artwork_name: 'logo.png',
          },
          { code: 'back', name: 'Back', artwork_id: null, artwork_name: null },
        ],
      },
    ];
    const purchase = readPurchase({
      id: 'cs_1',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 7196,
      line_items: { data: lineItems },
      designs,
      pieces: 2,
    });
    expect(purchase?.designs).toEqual(designs);
    // The order's pieces, not the session's lines (a setup fee is a line, not an item).
    expect(purchase?.total_items).toBe(2);
  });

  it("reads the shop's receipt of the order: its number, lines as bought with their print, totals and status link", () => {
    const receipt: OrderReceipt = {
      order_number: '3F2A9C1B',
      order_url: 'https://shop.example/orders/token',
      lines: [
        {
          id: 'i1',
          kind: 'product',
          description: 'Tee (Navy, M)',
          quantity: 24,
          amount_cents: 48000,
          print: ['Front'],
          image_url: '/images/products/city-champ-rope-cap--navy.webp',
          priced: { inputs: 'Front, 2 colours', breakdown: 'Garment $4.00 · Front, 2 colours $2.80' },
        },
        {
          id: 'i2',
          kind: 'setup_fee',
          description: 'Front setup, Tee',
          quantity: 1,
          amount_cents: 2500,
          print: [],
          image_url: null,
        },
      ],
      subtotal_cents: 50500,
      discount_cents: 5050,
      discount_code: 'WELCOME10',
      fulfillment: 'local',
      shipping_speed: null,
      shipping_cents: 0,
      tax_cents: 3636,
      total_cents: 49086,
      deposit_cents: null,
    };
    const purchase = readPurchase({
      id: 'cs_3',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 49086,
      // A Stripe session's lines are Stripe's own (other ids, no pictures): the receipt's lines
      // bring the colour's picture.
      line_items: {
        data: [
          {
            id: 'li_stripe',
            description: 'Tee',
            name: 'Tee',
            quantity: 24,
            amount_total: 48000,
            amount_subtotal: 48000,
          },
        ],
      },
      receipt,
      pieces: 24,
    });
    expect(purchase?.order_number).toBe('3F2A9C1B');
    expect(purchase?.order_url).toBe('https://shop.example/orders/token');
    expect(purchase?.lines).toEqual([
      {
        id: 'i1',
        description: 'Tee (Navy, M)',
        quantity: 24,
        amount_cents: 48000,
        print: ['Front'],
        image_url: '/images/products/city-champ-rope-cap--navy.webp',
        priced: { inputs: 'Front, 2 colours', breakdown: 'Garment $4.00 · Front, 2 colours $2.80' },
      },
      // A line without a breakdown (a receipt from before docs/decisions/0027-price-lists.md has none) shows none.
      {
        id: 'i2',
        description: 'Front setup, Tee',
        quantity: 1,
        amount_cents: 2500,
        print: [],
        image_url: null,
        priced: null,
      },
    ]);
    expect(purchase?.totals).toEqual({
      subtotal_cents: 50500,
      discount_cents: 5050,
      discount_code: 'WELCOME10',
      fulfillment: 'local',
      shipping_speed: null,
      shipping_cents: 0,
      tax_cents: 3636,
      deposit_cents: null,
    });
    expect(purchase?.total_cents).toBe(49086);
  });

  it('says unpaid sessions are not paid, and finds nothing in a session without lines', () => {
    const session = { id: 'cs_1', status: 'open', amount_total: 6200, line_items: { data: lineItems } } as const;
    expect(readPurchase({ ...session, payment_status: 'unpaid' })?.paid).toBe(false);
    expect(readPurchase({ ...session, payment_status: 'paid', line_items: { data: [] } })).toBeNull();
  });

  it('falls back to the product name when a line has no description', () => {
    const line = { ...lineItems[1]!, description: '' };
    const purchase = readPurchase({
      id: 'cs_2',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 648,
      line_items: { data: [line] },
    });
    expect(purchase?.lines[0]?.description).toBe('Holographic Lone Star Sticker');
  });
});
