import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductFields } from '../../src/admin/screens/ProductFields.tsx';

/**
 * The Stripe Buy Button field (issue 44, item 11): kept, as the spec says, but optional, said what
 * it is for, and out of the way among the advanced fields.
 */
describe('the product form', () => {
  it('explains the optional Stripe Buy Button ID under Advanced', () => {
    const html = renderToStaticMarkup(
      createElement(ProductFields, { value: { color_ids: [], size_ids: [] } as never, onChange: () => {}, errors: {} }),
    );
    const advanced = /<details[^>]*><summary>Advanced<\/summary>(.*?)<\/details>/s.exec(html)?.[1] ?? '';
    expect(advanced).toContain('Stripe Buy Button ID (optional)');
    expect(advanced).toContain('Only for a product sold with a Stripe Buy Button on the /buy page');
  });
});
