import { describe, expect, it } from 'vitest';
import { withoutMoney } from '../../src/server/staff/money-fields.ts';
import { permissionsFor } from '../../src/server/staff/route-permissions.ts';

describe('answers without money (issue 45)', () => {
  it('drops money keys at any depth and timeline lines that state dollars, and keeps piece counts', () => {
    const order = {
      id: 'o1',
      total_cents: 3222,
      stage: 'printing',
      pieces: 24,
      items: [{ name: 'Tee', quantity: 24, unit_price_cents: 1000, priced: { inputs: 'x' }, price_lists: ['A v2'] }],
      money: { paid_cents: 3222 },
      refunds: [{ amount_cents: 100 }],
      timeline: [
        { at: '2026-11-29', text: 'Proof sent' },
        { at: '2026-11-29', text: 'Refund $40.00 by Maria' },
      ],
      production: { size_totals: { L: 12 }, total: 24 },
      note: 'Deposit of $50 received',
    };
    expect(withoutMoney(order)).toEqual({
      id: 'o1',
      stage: 'printing',
      pieces: 24,
      items: [{ name: 'Tee', quantity: 24 }],
      timeline: [{ at: '2026-11-29', text: 'Proof sent' }],
      production: { size_totals: { L: 12 }, total: 24 },
    });
  });
});

describe('the permission a request needs', () => {
  it('is the entry of its method, every permission of its path for another method, none for an unknown path', () => {
    expect(permissionsFor('GET', '/api/orders/5d0c7c36-2f7e-4d59-9a1f-1b0e0f7a7a7a')).toEqual(['orders.read']);
    expect(permissionsFor('HEAD', '/api/orders')).toEqual(['orders.read']);
    expect(permissionsFor('POST', '/api/orders/x/refunds')).toEqual(['refunds']);
    expect(permissionsFor('GET', '/api/discount_codes/report')).toEqual(['catalog']);
    expect(permissionsFor('DELETE', '/api/admin/business-accounts/x')).toEqual(['customers']);
    expect(permissionsFor('PATCH', '/api/admin/staff/x')).toEqual(['staff']);
    expect(permissionsFor('GET', '/api/admin/nothing-here')).toBeNull();
  });
});
