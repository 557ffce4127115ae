import { describe, expect, it } from 'vitest';
import {
  paragraphs,
  parseServiceDetails,
  serviceCategories,
  serviceDetailRows,
} from '../../src/lib/catalog/services.ts';

describe('service details from admin-edited metadata', () => {
  it('reads the five known keys', () => {
    const details = parseServiceDetails({
      idealFor: 'Teams',
      turnaround: '3 days',
      materials: ['Cotton', ' Vinyl '],
      whatToExpect: 'A proof',
      requirements: 'Vector art',
      extra: 'kept for the admin, ignored here',
    });
    expect(details).toEqual({
      idealFor: 'Teams',
      turnaround: '3 days',
      materials: ['Cotton', 'Vinyl'],
      whatToExpect: 'A proof',
      requirements: 'Vector art',
    });
  });

  it('turns missing, blank or mistyped values into empty ones instead of failing the build', () => {
    expect(parseServiceDetails(null)).toEqual({
      idealFor: null,
      turnaround: null,
      materials: [],
      whatToExpect: null,
      requirements: null,
    });
    expect(parseServiceDetails({ idealFor: 7, turnaround: '  ', materials: 'Vinyl' })).toMatchObject({
      idealFor: null,
      turnaround: null,
      materials: ['Vinyl'],
    });
    expect(parseServiceDetails({ materials: ['Ink', 3, null, ''] }).materials).toEqual(['Ink']);
  });

  it('lists the detail rows in page order and leaves out empty ones', () => {
    const rows = serviceDetailRows(parseServiceDetails({ requirements: 'Art', idealFor: 'Teams', materials: ['Ink'] }));
    expect(rows).toEqual([
      { label: 'Ideal For', value: 'Teams' },
      { label: 'Materials', value: ['Ink'] },
      { label: 'Requirements', value: 'Art' },
    ]);
  });
});

describe('service page helpers', () => {
  it('splits a description into paragraphs on blank lines', () => {
    expect(paragraphs('One.\n\nTwo\nstill two.\n \n\nThree.')).toEqual(['One.', 'Two\nstill two.', 'Three.']);
    expect(paragraphs(null)).toEqual([]);
  });

  it('offers each category once, in the order services first use it', () => {
    const services = [{ category: 'Branding' }, { category: 'Printing' }, { category: 'Printing' }] as const;
    expect(serviceCategories(services)).toEqual(['Branding', 'Printing']);
  });
});
