import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReceiptLineItem } from '../../src/islands/success/ReceiptLineItem.tsx';

/**
 * A receipt line says what one piece cost (issue 44, item 13), beside the line's amount, so 48
 * shirts at $7.55 read as such and not only as $362.40.
 */
const line = {
  id: 'l1',
  description: 'Contract Tee (White, M)',
  quantity: 48,
  amount_cents: 36240,
  print: [],
  image_url: null,
  priced: { inputs: 'Front, 2 colours', breakdown: 'Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75' },
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('a receipt line', () => {
  it('says the price per piece', () => {
    const html = renderToStaticMarkup(createElement(ReceiptLineItem, { line }));
    expect(text(html)).toContain('$7.55 each');
    expect(text(html)).toContain('$362.40');
  });

  it('says no price per piece for a single piece', () => {
    const html = renderToStaticMarkup(
      createElement(ReceiptLineItem, { line: { ...line, quantity: 1, amount_cents: 755 } }),
    );
    expect(text(html)).not.toContain('each');
  });
});
