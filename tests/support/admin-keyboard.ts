import { expect, type Locator, type Page } from './e2e-test.ts';

/**
 * The admin by keyboard alone, as the e2e specs drive it: Tab to a control, press it, type into
 * a field, pick from a select, move along a grid's rows to a row's button, and sign in.
 */

export async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

export async function press(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

export async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

export async function choose(page: Page, trigger: Locator, option: string) {
  await press(page, trigger);
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(page.getByRole('listbox')).toBeVisible();
  for (let i = 0; i < 40 && !(await choice.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(trigger).toContainText(option);
}

/** Moves into the grid and along the rows to the named button of the row holding `text`. */
export async function gridButton(page: Page, grid: Locator, text: string, button: string) {
  const target = grid.getByRole('button', { name: button });
  await expect(target).toBeAttached({ timeout: 15_000 });
  for (let i = 0; i < 80 && !(await grid.evaluate((el) => el.contains(document.activeElement))); i++) {
    await page.keyboard.press('Tab');
  }
  // The grid remembers the row it last had focus on: the row may be below it or above it.
  const onRow = async () =>
    (await page.evaluate(() => document.activeElement?.closest('[role="row"]')?.textContent ?? '')).includes(text);
  for (let i = 0; i < 80 && !(await onRow()); i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 80 && !(await onRow()); i++) await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 12 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(target).toBeFocused();
  return target;
}

/**
 * Opens an admin section by keyboard: its link in the section tabs, or, on a phone (below 40rem),
 * in the sections menu opened first (issue 44, item 10).
 */
export async function openSection(page: Page, name: string) {
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  if ((page.viewportSize()?.width ?? 1280) < 640) {
    await press(page, sections.getByRole('button', { name: /^Sections menu, now on/ }));
  }
  await press(page, sections.getByRole('link', { name, exact: true }));
}
