import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CartNoticeWords } from '../../src/islands/cart/CartNotices.tsx';

/**
 * A changed price is said once per line (issue 44, item 13): beside the line ("Price updated from
 * $X to $Y"); the notice before Checkout only names the lines, it does not say it again.
 */
const change = (name: string, from: number, to: number) => ({
  productId: name,
  colorId: null,
  sizeId: null,
  name,
  from,
  to,
});

describe('the price news before Checkout', () => {
  it('names one changed line without repeating its "Price updated"', () => {
    const html = renderToStaticMarkup(
      createElement(CartNoticeWords, { changes: [change('City Champ Rope Cap', 2200, 2500)], attention: false }),
    );
    expect(html).not.toContain('Price updated');
    expect(html).toContain(
      'The price of City Champ Rope Cap changed since you added it: the total above is what checkout charges.',
    );
  });

  it('names several in one sentence', () => {
    const html = renderToStaticMarkup(
      createElement(CartNoticeWords, {
        changes: [change('Cap', 2200, 2500), change('Mug', 900, 1000)],
        attention: false,
      }),
    );
    expect(html).toContain('The prices of Cap and Mug changed since you added them');
  });
});
