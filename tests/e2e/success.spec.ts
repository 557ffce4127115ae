import { expect, type Page, test } from '../support/e2e-test.ts';

/**
 * What the success page must say when the address names no valid checkout session
 * (docs/decisions/0013-trust-audit.md item 16).
 */
async function expectNothingFound(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'No Order Found' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText("We couldn't find an order for this link.");
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Thanks for your purchase!' })).toHaveCount(0);
}

test('/success without a session says no order was found and links home', async ({ page }) => {
  await page.goto('/success');
  await expectNothingFound(page);
});

test('/success with a session id that is not one says no order was found', async ({ page }) => {
  await page.goto('/success?session_id=%3Cscript%3E');
  await expectNothingFound(page);
});

test('/success keeps "Payment Successful!" out of the page before the session has loaded', async ({ page }) => {
  // The pre-rendered HTML, before any script runs: it must not claim a payment.
  const html = await (await page.request.get('/success')).text();
  expect(html).not.toContain('Payment Successful');
  expect(html).toMatch(/<h1[^>]*>Your Order<\/h1>/);
});
