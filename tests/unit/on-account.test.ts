import { describe, expect, it } from 'vitest';
import { paymentWords } from '../../src/lib/admin-schemas/orders.ts';
import { accountCheckoutSchema, dueOn, invoiceNumber } from '../../src/lib/orders/on-account.ts';

describe('orders on account', () => {
  it('dates an invoice by its terms, whole days on from the shop’s day it is issued', () => {
    // 11:54 PM in Midland on November 29 is already November 30 in UTC: the invoice is November 29's.
    const lateEvening = new Date('2026-11-30T05:54:00Z');
    expect(dueOn(lateEvening, 'due_on_receipt')).toBe('2026-11-29');
    expect(dueOn(lateEvening, 'net_15')).toBe('2026-12-14');
    expect(dueOn(lateEvening, 'net_30')).toBe('2026-12-29');
    expect(dueOn(new Date('2026-02-10T12:00:00Z'), 'net_30')).toBe('2026-03-12');
    expect(invoiceNumber(1001)).toBe('INV-1001');
  });

  it('reads the PO, the name and a US address, and says what is wrong in words', () => {
    const good = accountCheckoutSchema.safeParse({
      email: ' coach@lincoln.example ',
      poNumber: ' PO-1 ',
      name: 'Coach',
      address: { line1: '1 Main', city: 'Odessa', state: 'TX', postalCode: '79761' },
    });
    expect(good.success && good.data).toMatchObject({ email: 'coach@lincoln.example', poNumber: 'PO-1' });
    const bad = accountCheckoutSchema.safeParse({
      email: 'coach',
      poNumber: '',
      name: 'Coach',
      address: { line1: '1 Main', city: 'Odessa', state: 'XX', postalCode: '7976' },
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      email: 'Enter the e-mail address of your account, like coach@school.org.',
      poNumber: 'Enter your purchase order number.',
      'address.state': 'Choose a state.',
      'address.postalCode': 'Enter a ZIP code like 79701.',
    });
  });

  it('refuses a PO number, name or address line broken over lines, as other one-line fields do', () => {
    const broken = accountCheckoutSchema.safeParse({
      email: 'coach@lincoln.example',
      poNumber: 'PO-1\r\nPaid in full',
      name: 'Coach\nCarter',
      address: { line1: '1 Main\rApt 2', city: 'Odessa\u2028TX', state: 'TX', postalCode: '79761' },
    });
    expect(broken.success).toBe(false);
    const messages = Object.fromEntries((broken.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      poNumber: 'Keep this on one line.',
      name: 'Keep this on one line.',
      'address.line1': 'Keep this on one line.',
      'address.city': 'Keep this on one line.',
    });
  });

  it('says in the Orders list what an order on account or paid in part still owes', () => {
    expect(paymentWords({ status: 'paid', po_number: 'PO-1', balance_cents: 12_345 })).toBe('On account, $123.45 owed');
    expect(paymentWords({ status: 'paid', po_number: 'PO-1', balance_cents: 0 })).toBe('On account, paid');
    expect(paymentWords({ status: 'paid', po_number: null, balance_cents: 27_540 })).toBe('Paid in part, $275.40 owed');
    expect(paymentWords({ status: 'paid', po_number: null, balance_cents: 0 })).toBe('Paid');
    expect(paymentWords({ status: 'pending', po_number: 'PO-1', balance_cents: 5_000 })).toBe('Pending payment');
  });
});
