import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UserOrderFacts } from '../../src/admin/screens/UserDetail.tsx';
import { OrderFacts } from '../../src/admin/screens/OrderDetail.tsx';
import type { AdminOrder } from '../../src/lib/admin-schemas/orders.ts';

/**
 * The order dialog's first facts (issue 44, item 11): the order number people quote (e-mails,
 * receipt, work order), never the raw id the database keys the order by.
 */
const order = {
  id: '3f2a9c1b-0d4e-4f6a-8b7c-1234567890ab',
  status: 'paid',
  created_at: '2026-11-29T17:00:00.000Z',
  user: null,
  email: 'priya.raman@example.com',
} as unknown as AdminOrder;

describe('the order dialog facts', () => {
  it('shows the order number, not the id', () => {
    const html = renderToStaticMarkup(createElement(OrderFacts, { order }));
    expect(html).toContain('<dt>Order number</dt><dd>3F2A9C1B</dd>');
    expect(html).not.toContain(order.id);
    expect(html).not.toContain('Order ID');
  });

  it('shows the order number in a customer’s order too', () => {
    const html = renderToStaticMarkup(
      createElement(UserOrderFacts, { order: { ...order, total_cents: 1250, items: [] } as never }),
    );
    expect(html).toContain('<dt>Order number</dt><dd>3F2A9C1B</dd>');
    expect(html).not.toContain(order.id);
  });
});
