import { expect, test } from '../support/e2e-test.ts';

// docs/decisions/0013-trust-audit.md item 9: the rich descriptions edited in the admin are
// published on the public pages (the seeded shop has one for every service and collection).

test('a service page shows its rich description with its formatting', async ({ page }) => {
  await page.goto('/services/consulting');
  const whatWeDo = page.getByRole('region', { name: 'What We Do' });
  const list = whatWeDo.getByRole('list');
  await expect(list.getByRole('listitem')).toHaveText([
    'Logo clean-up and vectorising',
    'Ink and thread colour matching',
    'A merch and signage plan',
  ]);
  await expect(whatWeDo.getByText(/^Great merch starts with a brand that prints well\./)).toHaveCount(1);
});

test('a collection page shows its rich description with its formatting', async ({ page }) => {
  await page.goto('/collections/city-champ-golf');
  const rich = page.getByText(/printed right here in West Texas\.$/);
  await expect(rich).toBeVisible();
  await expect(rich.locator('strong')).toHaveText('City Champ Golf');
  // The short and extended descriptions stay around it.
  await expect(page.getByText('It is tourney time! Get your City Champ gear today.')).toBeVisible();
  await expect(page.getByText(/^Order by the Wednesday before tee-off/)).toBeVisible();
});
