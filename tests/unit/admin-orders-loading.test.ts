import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Orders } from '../../src/admin/screens/Orders.tsx';

/**
 * The Orders screen before its first answer (issue 44, item 8): it says it is loading, and the
 * table is busy, instead of "No orders match." for a list it has not read yet.
 */
describe('Orders before the list has loaded', () => {
  it('shows a busy table that says it is loading, not that nothing matches', () => {
    const html = renderToStaticMarkup(createElement(Orders));
    expect(html).not.toContain('No orders match.');
    expect(html).toContain('Loading orders…');
    expect(html).toMatch(
      /<div class="adm-table-block" aria-busy="true">(?:(?!<\/table>).)*<table[^>]*aria-label="Orders"/s,
    );
  });
});
