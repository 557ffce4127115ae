import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.2 AA violations axe finds on the page, one readable line each ([] when clean). */
export async function scanAxe(page: Page): Promise<string[]> {
  // From the top of the page: axe's target-size rule counts a control that the page has scrolled
  // beneath the sticky site header as obscured by the header's links, so the same page passed or
  // failed with where the last keyboard step had scrolled it (seen on the banner's radios).
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
