import { test as base, expect } from '@playwright/test';

/**
 * Every browser test runs under the shop's real Content-Security-Policy (the local server sends
 * the build's `_headers`) and fails if the browser blocks anything: every page and interaction
 * the suite exercises doubles as proof that the policy lets the shop work.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    const violations: string[] = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `[csp-violation] ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
        );
      });
    });
    context.on('console', (message) => {
      const text = message.text();
      if (text.startsWith('[csp-violation]') || /Content Security Policy/i.test(text)) violations.push(text);
    });
    await use(context);
    expect(violations, 'the Content-Security-Policy blocked something the page needed').toEqual([]);
  },
});

export { expect };
export type { APIRequestContext, Locator, Page } from '@playwright/test';
