import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Every axe scan of the suite starts here. After every scan @axe-core/playwright opens a blank page
 * in the context to merge the frames' results (axe.finishRun), which costs more than the scan
 * itself: on a page without frames there is nothing to merge, and legacy mode scans in the page
 * alone. Measured on the admin's product and order lists, the home page and the catalogue: the
 * same passes, incomplete and violations in about half the time. Legacy mode does not look inside
 * frames (an image without alt in a srcdoc frame went unreported), so a page with a frame (the
 * contact page's map, a template's preview) keeps the default.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}

/** The WCAG 2.2 AA violations axe finds on the page, one readable line each ([] when clean). */
export async function scanAxe(page: Page): Promise<string[]> {
  // From the top of the page: axe's target-size rule counts a control that the page has scrolled
  // beneath the sticky site header as obscured by the header's links, so the same page passed or
  // failed with where the last keyboard step had scrolled it (seen on the banner's radios).
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const results = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
