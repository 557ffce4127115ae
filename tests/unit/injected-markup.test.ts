import { describe, expect, it } from 'vitest';
import { HTML_TEXT } from '../support/hostile/corpus.ts';
import { injectedMarkup } from '../support/hostile/injected-markup.ts';

/** The hostile corpus's check of HTML answers finds markup a browser would run, and only that. */
describe('injected markup in an HTML answer', () => {
  const markup = HTML_TEXT.filter((t) => t.includes('<') && !t.includes('<%'));

  it.each(markup)('finds %s pasted into the page as it was sent', (hostile) => {
    expect(injectedMarkup(`<main><p>${hostile}</p></main>`)).toHaveLength(1);
  });

  it('finds an image that broke out of an attribute value left unescaped', () => {
    expect(injectedMarkup('<input value=""><img src=x onerror=alert(1)>">')).toEqual(['<img src=x onerror']);
  });

  it.each(HTML_TEXT)('finds nothing in %s escaped as text, or quoted in an attribute value', (hostile) => {
    const text = hostile.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const attribute = hostile.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const page = `<p>${text}</p><input value="${attribute}"><script type="module" src="/a.js"></script>`;
    expect(injectedMarkup(page)).toEqual([]);
  });
});
