import { describe, expect, it } from 'vitest';
import { sanitizeDescription, sanitizeTemplateHtml } from '../../src/server/catalog/sanitize.ts';

describe('rich HTML sanitising', () => {
  it('drops <script>, <style>, <iframe> and every on* attribute, keeping the text around them', () => {
    const dirty =
      '<p onclick="steal()" onmouseover="x()">Bold <strong>ink</strong><script>alert(1)</script></p>' +
      '<style>body{display:none}</style><iframe src="https://evil.example"></iframe><img src="/uploads/a.png" onerror="x()">';
    const clean = sanitizeDescription(dirty);
    expect(clean).not.toMatch(/script|onclick|onmouseover|onerror|iframe|style|alert|display:none/i);
    expect(clean).toContain('<p>Bold <strong>ink</strong></p>');
    expect(clean).toContain('<img src="/uploads/a.png" />');
  });

  it('keeps http(s), mailto and tel links and removes javascript: and data: ones', () => {
    const clean = sanitizeDescription(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="data:text/html,x">c</a>' +
        '<a href="https://shop.example">d</a><a href="mailto:hi@shop.example">e</a>',
    );
    expect(clean).toBe(
      '<a>a</a><a>b</a><a>c</a><a href="https://shop.example">d</a><a href="mailto:hi@shop.example">e</a>',
    );
  });

  it('makes links that open a new tab safe', () => {
    expect(sanitizeDescription('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops inline styles from descriptions but keeps safe ones in e-mail templates', () => {
    expect(sanitizeDescription('<p style="color:red">x</p>')).toBe('<p>x</p>');
    const template = sanitizeTemplateHtml(
      '<p style="color:#BF5700;background:url(https://evil.example/t.gif)">Hi {{fullName}}</p>' +
        '<a href="{{shopUrl}}" style="padding:10px 18px;border-radius:4px">Shop</a>' +
        '<table style="width:100%;border-collapse:collapse"><tr><td align="right">{{total}}</td></tr></table>',
    );
    expect(template).toContain('<p style="color:#BF5700">Hi {{fullName}}</p>');
    expect(template).toContain('<a href="{{shopUrl}}" style="padding:10px 18px;border-radius:4px">Shop</a>');
    expect(template).toContain('<td align="right">{{total}}</td>');
    expect(template).not.toContain('evil');
  });
});
