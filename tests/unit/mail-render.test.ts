import { describe, expect, it } from 'vitest';
import { type MailTemplate, renderTemplate, sanitizeMailHtml } from '../../src/server/mail/render.ts';
import { retryDelayMs } from '../../src/server/mail/sender.ts';

const template = (parts: Partial<MailTemplate>): MailTemplate => ({
  name: 'test',
  subject: 'Hello {{name}}',
  txt: 'Hi {{name}}, {{ note }}.',
  html: '<p>Hi {{name}}</p>',
  bindings: ['name', 'note'],
  ...parts,
});

describe('renderTemplate', () => {
  it('fills subject, text and HTML from the bindings', () => {
    const out = renderTemplate(template({}), { name: 'Ana', note: 'welcome' });
    expect(out).toEqual({ subject: 'Hello Ana', text: 'Hi Ana, welcome.', html: '<p>Hi Ana</p>', missing: [] });
  });

  it('leaves a missing binding empty and reports it', () => {
    const out = renderTemplate(template({}), { name: 'Ana' });
    expect(out.text).toBe('Hi Ana, .');
    expect(out.missing).toEqual(['note']);
    const nulls = renderTemplate(template({}), { name: null, note: undefined });
    expect(nulls.subject).toBe('Hello');
    expect(nulls.missing.sort()).toEqual(['name', 'note']);
    // A placeholder the template has but the bindings list does not (an admin typo) is just as empty.
    expect(renderTemplate(template({ txt: '{{nmae}}!' }), { name: 'Ana' })).toMatchObject({
      text: '!',
      missing: ['nmae'],
    });
  });

  it('does not resolve placeholders against Object.prototype', () => {
    const out = renderTemplate(template({ txt: '[{{constructor}}][{{toString}}]' }), {});
    expect(out.text).toBe('[][]');
  });

  it('escapes hostile values in HTML, and keeps them verbatim in the text body', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';
    const out = renderTemplate(template({ html: '<p title="{{name}}">{{name}}</p>' }), { name: hostile, note: '' });
    expect(out.html).not.toMatch(/<script|<img|onerror="/);
    expect(out.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out.text).toContain(hostile);
  });

  it('cannot be broken out of an attribute by a value', () => {
    const out = renderTemplate(template({ html: '<a href="{{url}}">shop</a>' }), {
      url: '" onclick="alert(1)',
    });
    expect(out.html).not.toContain('onclick="');
    expect(out.html).toMatch(/^<a href="[^"]*onclick=[^"]*">shop<\/a>$/);
  });

  it('drops script URLs that a binding puts into a link', () => {
    for (const url of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
      const out = renderTemplate(template({ html: '<a href="{{url}}">shop</a>' }), { url });
      expect(out.html).toBe('<a>shop</a>');
    }
    const fine = renderTemplate(template({ html: '<a href="{{url}}">shop</a>' }), {
      url: 'https://shop.example/?a=1&b=2',
    });
    expect(fine.html).toBe('<a href="https://shop.example/?a=1&amp;b=2">shop</a>');
  });

  it('inserts …Html bindings as HTML, still sanitised, and reduces them to text in the text body', () => {
    const out = renderTemplate(
      template({ txt: 'Items:\n{{itemsHtml}}', html: '<table><tbody>{{itemsHtml}}</tbody></table>' }),
      { itemsHtml: '<tr><td>Tee &amp; Cap</td><td onclick="x()">2</td></tr><script>alert(1)</script>' },
    );
    expect(out.html).toBe('<table><tbody><tr><td>Tee &amp; Cap</td><td>2</td></tr></tbody></table>');
    expect(out.text).toContain('Tee & Cap');
    expect(out.text).not.toContain('<td>');
  });

  it('keeps the subject to one line whatever the values hold', () => {
    const out = renderTemplate(template({ subject: 'New {{kind}} from {{name}}' }), {
      kind: 'Other\r\nBcc: all@example.com',
      name: 'Eve\u2028X-Evil: 1\ttab',
    });
    expect(out.subject).toBe('New Other Bcc: all@example.com from Eve X-Evil: 1 tab');
    expect(out.subject).not.toMatch(/[\r\n\u2028]/);
  });

  it('answers null HTML for a template without an HTML body', () => {
    expect(renderTemplate(template({ html: '  ' }), { name: 'Ana' }).html).toBeNull();
  });
});

describe('sanitizeMailHtml (template HTML from the admin)', () => {
  it('keeps e-mail layout: tables, inline styles, links, images', () => {
    const html =
      '<div style="font-family:Arial,sans-serif;color:#1C1C1C;max-width:560px"><table style="width:100%"><tr><td align="right">1</td></tr></table><a href="mailto:a@b.co">mail</a><img src="https://cdn.example/logo.png" alt="Logo"></div>';
    // Only the void element's spelling changes.
    expect(sanitizeMailHtml(html)).toBe(html.replace('alt="Logo">', 'alt="Logo" />'));
  });

  it('removes scripts, event handlers, forms, frames and dangerous CSS', () => {
    const out = sanitizeMailHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="card"></form><p style="background:url(javascript:alert(1));color:red">b</p><style>body{}</style>',
    );
    expect(out).toBe('<p>a</p><p style="color:red">b</p>');
  });
});

describe('the retry schedule', () => {
  it('grows exponentially: 1, 3, 9, 27, 81 minutes', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 3, 9, 27, 81]);
  });
});
