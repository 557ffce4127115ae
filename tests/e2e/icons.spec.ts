import { expect, type Locator, test } from '../support/e2e-test.ts';

// docs/decisions/0013-trust-audit.md item 17: without an emoji font the old emoji icons rendered as empty boxes.
const EMOJI = /\p{Extended_Pictographic}/u;

async function expectDrawnIcon(item: Locator) {
  const icon = item.locator('svg[aria-hidden="true"]');
  await expect(icon).toHaveCount(1);
  await expect(icon).toBeVisible();
  const box = await icon.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(16);
  expect(box?.height).toBeGreaterThanOrEqual(16);
  // Drawn with shapes, not text from a font.
  expect(await icon.locator('path, circle').count()).toBeGreaterThan(0);
  expect(await item.textContent()).not.toMatch(EMOJI);
}

test('each home service card has an inline SVG icon beside its title and no emoji', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Our Services' }).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  for (const title of ['Printing', 'Signage', 'Graphic Design', 'Consulting']) {
    const card = cards.filter({ has: page.getByRole('heading', { level: 3, name: title }) });
    await expectDrawnIcon(card);
    // The icon is decoration: the link is named by its text alone.
    await expect(card.getByRole('link')).toHaveAccessibleName(new RegExp(`^${title}`));
  }
});

test('each selling point has an inline SVG icon and keeps its text', async ({ page }) => {
  await page.goto('/');
  const points = page.getByRole('region', { name: 'Why West Texas Prints' }).getByRole('listitem');
  await expect(points).toHaveCount(3);
  for (const [i, text] of ['Free Shipping over $100', 'Eco-friendly inks', 'Local West Texas production'].entries()) {
    await expect(points.nth(i)).toHaveText(text);
    await expectDrawnIcon(points.nth(i));
  }
});
