import { expect, type Page, test } from '../support/e2e-test.ts';
import { allRoutes } from '../support/public-routes.ts';

/**
 * The HTML checker's rules the pages broke, asserted on the markup the server sends (scripts
 * off, as the checker reads it): a `figure` takes no role but none/presentation/doc-example (ARIA
 * in HTML); every tab controls an element that is a tab panel; a required single select starts
 * with an empty-valued placeholder option (HTML's "placeholder label option"); and
 * `aria-labelledby` is not used on a `div` or `span` without a role (it names nothing there); and
 * no `style` element is in the body.
 */
async function markupProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) => el.outerHTML.slice(0, 100);
    for (const figure of document.querySelectorAll('figure[role]')) {
      if (!['none', 'presentation', 'doc-example'].includes(figure.getAttribute('role')!)) {
        problems.push(`figure with role: ${describe(figure)}`);
      }
    }
    for (const tab of document.querySelectorAll('[role="tab"]')) {
      const ids = (tab.getAttribute('aria-controls') ?? '').split(/\s+/).filter(Boolean);
      if (ids.length === 0) problems.push(`tab controls nothing: ${describe(tab)}`);
      for (const id of ids) {
        if (document.getElementById(id)?.getAttribute('role') !== 'tabpanel') {
          problems.push(`tab controls #${id}, which is not a tabpanel`);
        }
      }
    }
    for (const select of document.querySelectorAll<HTMLSelectElement>('select[required]:not([multiple])')) {
      if (select.size > 1) continue;
      const first = select.options[0];
      if (first?.value !== '' || first.parentElement !== select) {
        problems.push(`required select #${select.id} has no empty first option`);
      }
    }
    for (const el of document.querySelectorAll('div[aria-labelledby]:not([role]), span[aria-labelledby]:not([role])')) {
      problems.push(`aria-labelledby without a role: ${describe(el)}`);
    }
    // A style element is metadata: the head's (Astro puts its island rule beside the first island).
    for (const style of document.body.querySelectorAll('style')) {
      if (!style.closest('noscript')) problems.push(`style in the body: ${describe(style)}`);
    }
    return problems;
  });
}

test.describe('as sent, without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('no public page breaks the HTML checker rules for roles, tabs and selects', async ({ page, request }) => {
    const problems: string[] = [];
    for (const route of await allRoutes(request)) {
      await page.goto(route);
      for (const problem of await markupProblems(page)) problems.push(`${route}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});

test('the services filter tabs still each control a tab panel once the script runs', async ({ page }) => {
  await page.goto('/services');
  expect(await markupProblems(page)).toEqual([]);
});

test('each testimonial slide is a group named by its place in the carousel', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'What Our Customers Say' });
  const first = carousel.getByRole('group', { name: /^1 of \d+$/ });
  await expect(first).toBeVisible();
  await expect(first.getByRole('figure')).toBeVisible();
});

test('the inquiry type asks for a choice and starts on General Inquiry', async ({ page }) => {
  await page.goto('/contact');
  const select = page.getByLabel('Inquiry type');
  await expect(select).toHaveValue('General Inquiry');
  await expect(select.getByRole('option').first()).toHaveAttribute('value', '');
});
