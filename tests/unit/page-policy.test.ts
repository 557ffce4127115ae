import { describe, expect, it } from 'vitest';
import { parseHeadersFile, pathPattern, renderHeadersFile } from '../../src/server/security/headers-file.ts';
import { analyticsOrigins, pageCsp, pageNeeds, scriptHash } from '../../src/server/security/page-policy.ts';

const SITE = { analyticsOrigins: [], imageOrigins: [] };

describe('a page’s Content-Security-Policy', () => {
  it('allows its inline scripts by hash, never data blocks, and never unsafe-inline', () => {
    const html = `<script>(()=>{boot()})()</script><script type="module" src="/_astro/a.js"></script>
      <script type="application/ld+json">{"@type":"Product"}</script>`;
    const needs = pageNeeds(html);
    expect(needs.scriptHashes).toEqual([scriptHash('(()=>{boot()})()')]);
    const csp = pageCsp(needs, SITE);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(csp).not.toContain("'unsafe-inline' ");
    expect(/script-src[^;]*unsafe/.test(csp)).toBe(false);
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('lets the artwork uploader send files to the storage origin in production', () => {
    const csp = pageCsp(pageNeeds(''), { ...SITE, uploadOrigins: ['https://abc.supabase.co'] });
    expect(csp).toContain("connect-src 'self' https://abc.supabase.co");
    expect(pageCsp(pageNeeds(''), SITE)).toContain("connect-src 'self';");
  });

  it('allows an outside host only for what the page itself loads', () => {
    const buy = pageNeeds('<script async src="https://js.stripe.com/v3/buy-button.js"></script>');
    expect(buy.scriptOrigins).toEqual(['https://js.stripe.com']);
    expect(buy.frameOrigins).toEqual(['https://*.js.stripe.com', 'https://js.stripe.com']);
    const map = pageNeeds('<iframe title="Map" src="https://www.openstreetmap.org/export/embed.html?x=1"></iframe>');
    expect(pageCsp(map, SITE)).toContain('frame-src https://www.openstreetmap.org;');
  });

  it('lets a form’s answer go on to Stripe Checkout only where the form says it may', () => {
    const accept = pageNeeds(
      '<form method="post" action="/quotes/x" data-redirects-to="https://checkout.stripe.com"></form>',
    );
    expect(accept.formOrigins).toEqual(['https://checkout.stripe.com']);
    expect(pageCsp(accept, SITE)).toContain("form-action 'self' https://checkout.stripe.com;");
    const plain = pageNeeds('<form method="post" action="https://evil.example/x"></form>');
    expect(pageCsp(plain, SITE)).toContain("form-action 'self';");
  });

  it('adds PostHog’s hosts only when analytics has a key', () => {
    expect(analyticsOrigins(undefined, undefined)).toEqual([]);
    expect(analyticsOrigins('phc_x', undefined)).toEqual([
      'https://us.i.posthog.com',
      'https://us-assets.i.posthog.com',
    ]);
    expect(analyticsOrigins('phc_x', 'http://127.0.0.1:9999')).toEqual(['http://127.0.0.1:9999']);
  });
});

describe('the _headers file', () => {
  it('round-trips and matches paths the way Netlify does', () => {
    const rules = [
      { path: '/*', headers: { 'X-Frame-Options': 'DENY' } },
      { path: '/collections/*', headers: { 'Content-Security-Policy': "default-src 'self'" } },
    ];
    expect(parseHeadersFile(renderHeadersFile(rules))).toEqual(rules);
    expect(pathPattern('/collections/*').test('/collections')).toBe(true);
    expect(pathPattern('/collections/*').test('/collections/a/products/b')).toBe(true);
    // Netlify's own pattern: the slash before a whole-segment * is optional, so this matches too.
    expect(pathPattern('/collections/*').test('/collectionsx')).toBe(true);
    expect(pathPattern('/').test('/')).toBe(true);
    expect(pathPattern('/').test('/about')).toBe(false);
    expect(pathPattern('/about').test('/About/')).toBe(true);
    expect(pathPattern('/orders/:id').test('/orders/7')).toBe(true);
    expect(pathPattern('/orders/:id').test('/orders/7/x')).toBe(false);
  });
});
