import { describe, expect, it } from 'vitest';
import { discountOff } from '../../src/admin/format.ts';
import { tiersPayload } from '../../src/admin/screens/ProductTiers.tsx';
import { centsToDollars, dollarsToCents } from '../../src/admin/ui/MoneyField.tsx';
import {
  discountAmountProblem,
  discountCodeCreateSchema,
  discountCodeUpdateSchema,
} from '../../src/lib/admin-schemas/discount-codes.ts';
import { productUpdateSchema } from '../../src/lib/admin-schemas/products.ts';

const fieldErrors = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the admin’s dollar fields', () => {
  it('turn dollars as typed into whole cents, and back', () => {
    expect(dollarsToCents(24.5)).toBe(2450);
    expect(dollarsToCents(19.99)).toBe(1999);
    // 0.29 * 100 is 28.999999999999996 in floating point: still 29 cents.
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1234.567)).toBe(123457);
    expect(dollarsToCents(null)).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
    expect(centsToDollars(2450)).toBe(24.5);
    expect(centsToDollars(null)).toBeNull();
  });

  it('send an emptied price as nothing, which the shop refuses, never as $0.00', () => {
    const tiers = tiersPayload([
      { min_quantity: 12, unit_price_cents: 1999 },
      { min_quantity: 24, unit_price_cents: null },
    ]);
    expect(tiers).toEqual([
      { min_quantity: 12, unit_price_cents: 1999 },
      { min_quantity: 24, unit_price_cents: null },
    ]);
    expect(fieldErrors(productUpdateSchema.safeParse({ price_cents: null, price_tiers: tiers }))).toEqual({
      price_cents: 'Enter an amount.',
      'price_tiers.1.unit_price_cents': 'Enter an amount.',
    });
  });
});

describe('discounts say what they are', () => {
  it('read as percent off, dollars off or free shipping', () => {
    expect(discountOff({ type: 'percentage', amount_cents: 1500 })).toBe('15\u00a0% off');
    expect(discountOff({ type: 'percentage', amount_cents: 1250 })).toBe('12.5\u00a0% off');
    expect(discountOff({ type: 'fixed', amount_cents: 1000 })).toBe('$10.00 off');
    expect(discountOff({ type: 'fixed', amount_cents: 250_050 })).toBe('$2,500.50 off');
    expect(discountOff({ type: 'free_shipping', amount_cents: 0 })).toBe('Free shipping');
  });

  it('take a percent more than 0 and at most 100, and dollars more than 0', () => {
    expect(discountAmountProblem('percentage', 1500)).toBeNull();
    expect(discountAmountProblem('percentage', 10_000)).toBeNull();
    expect(discountAmountProblem('percentage', 10_001)).toBe('Enter the percent off: more than 0 and at most 100.');
    expect(discountAmountProblem('percentage', 0)).toBe('Enter the percent off: more than 0 and at most 100.');
    expect(discountAmountProblem('fixed', 0)).toBe('Enter the dollars off: more than $0.00.');
    expect(discountAmountProblem('fixed', 1)).toBeNull();
    expect(discountAmountProblem('free_shipping', 0)).toBeNull();
  });

  it('are refused by the payload schema with the amount field named', () => {
    const create = (body: Record<string, unknown>) =>
      fieldErrors(discountCodeCreateSchema.safeParse({ code: 'X1', name: 'X', ...body }));
    expect(create({ type: 'percentage', amount_cents: 20_000 })).toEqual({
      amount_cents: 'Enter the percent off: more than 0 and at most 100.',
    });
    expect(create({ type: 'fixed' })).toEqual({ amount_cents: 'Enter the dollars off: more than $0.00.' });
    expect(create({ type: 'fixed', amount_cents: null })).toEqual({ amount_cents: 'Enter an amount.' });
    expect(create({ type: 'percentage', amount_cents: 1500 })).toEqual({});
    expect(create({ type: 'free_shipping' })).toEqual({});
    // An edit naming only one of the two is checked by the server against the stored code.
    expect(fieldErrors(discountCodeUpdateSchema.safeParse({ amount_cents: 0 }))).toEqual({});
    expect(fieldErrors(discountCodeUpdateSchema.safeParse({ type: 'fixed', amount_cents: 0 }))).toHaveProperty(
      'amount_cents',
    );
  });
});
