import { readFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';

/**
 * Each test's time limit in seconds, from its measured times (tests/e2e/timeouts.json, written by
 * `npm run test:timeouts`: twice its p95, at least 30 s), by its title path (file › describe ›
 * title). A test not measured yet has the config's limit.
 */
const LIMITS = (
  JSON.parse(readFileSync(new URL('../e2e/timeouts.json', import.meta.url), 'utf8')) as {
    limits: Record<string, number>;
  }
).limits;

/**
 * Every browser test runs under the shop's real Content-Security-Policy (the local server sends
 * the build's `_headers`) and fails if the browser blocks anything: every page and interaction
 * the suite exercises doubles as proof that the policy lets the shop work.
 */
export const test = base.extend<{ measuredLimit: undefined }>({
  measuredLimit: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use, testInfo) => {
      const seconds = LIMITS[testInfo.titlePath.join(' › ')];
      if (seconds) testInfo.setTimeout(seconds * 1000);
      await use(undefined);
    },
    { auto: true },
  ],
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
  // A page loads its scripts after `load` (src/deferred-loading/deferred-scripts.ts): until they have run,
  // the cart icon is a plain link and forms post without a script. A test uses the page as a
  // person does a moment after it appears: goto and reload return once the scripts have run.
  page: async ({ page, javaScriptEnabled }, use) => {
    const untilEnhanced = async <R>(navigation: Promise<R>, waitUntil?: string): Promise<R> => {
      const response = await navigation;
      if (javaScriptEnabled !== false && waitUntil !== 'commit' && waitUntil !== 'domcontentloaded') {
        await page.waitForFunction(
          () =>
            !document.querySelector('script[data-deferred-scripts]') ||
            document.documentElement.hasAttribute('data-enhanced'),
        );
      }
      return response;
    };
    const goto = page.goto.bind(page);
    page.goto = (url, options) => untilEnhanced(goto(url, options), options?.waitUntil);
    const reload = page.reload.bind(page);
    page.reload = (options) => untilEnhanced(reload(options), options?.waitUntil);
    await use(page);
  },
});

export { expect };
export type { APIRequestContext, Locator, Page } from '@playwright/test';
