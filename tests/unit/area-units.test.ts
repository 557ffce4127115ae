import { describe, expect, it } from 'vitest';
import { fromInches, startingUnit, toInches } from '../../src/islands/product/area-units.ts';

describe('an area product’s size typed in feet or inches', () => {
  it('converts feet to the inches the job is built in, and inches stay inches', () => {
    expect(toInches(8, 'ft')).toBe(96);
    expect(toInches(3.5, 'ft')).toBe(42);
    expect(toInches(96, 'in')).toBe(96);
    expect(toInches(2.25, 'in')).toBe(2.25);
  });

  it('turns an empty or nonsense entry into 0, which the bounds check refuses', () => {
    expect(toInches(0, 'ft')).toBe(0);
    expect(toInches(-4, 'in')).toBe(0);
    expect(toInches(Number.NaN, 'ft')).toBe(0);
    expect(toInches(Number('abc'), 'in')).toBe(0);
  });

  it('shows inches in the chosen unit, and a typed third of a foot reads back as typed', () => {
    expect(fromInches(96, 'ft')).toBe(8);
    expect(fromInches(42, 'ft')).toBe(3.5);
    expect(fromInches(42, 'in')).toBe(42);
    expect(fromInches(toInches(3.3333, 'ft'), 'ft')).toBe(3.3333);
  });

  it('starts a banner (a side past 5 ft) in feet, stickers and signs in inches', () => {
    expect(startingUnit({ max_width_in: 600, max_height_in: 120 })).toBe('ft');
    expect(startingUnit({ max_width_in: 12, max_height_in: 12 })).toBe('in');
    expect(startingUnit({ max_width_in: 48, max_height_in: 36 })).toBe('in');
    expect(startingUnit(null)).toBe('in');
  });
});
