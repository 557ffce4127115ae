import type { Browser, BrowserContext, TestInfo } from '@playwright/test';

/**
 * A browser of the customer's own (no account, no admin token), with the project's device
 * settings: journeys where the owner and a customer act in turn use one per side.
 */
export function customerBrowser(browser: Browser, testInfo: TestInfo): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return browser.newContext({
    ...(viewport ? { viewport } : {}),
    ...(userAgent ? { userAgent } : {}),
    ...(deviceScaleFactor ? { deviceScaleFactor } : {}),
    ...(isMobile ? { isMobile } : {}),
    ...(hasTouch ? { hasTouch } : {}),
  });
}
