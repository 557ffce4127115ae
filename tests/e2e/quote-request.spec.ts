import { png } from '../support/artwork-files.ts';
import { signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, test } from '../support/e2e-test.ts';

/**
 * A quote for a custom job (docs/decisions/0017-quotes.md, first part): from a service page a visitor asks for 300
 * banners by keyboard and gets a reference number; the owner finds the request in the Quotes tab.
 */

test('a visitor asks for a quote from a service page by keyboard, and the owner finds it under Quotes', async ({
  page,
  request,
}, testInfo) => {
  const services = (await (await request.get('/api/services')).json()) as { slug: string; name: string }[];
  const service = services[0]!;
  const email = `quote-${testInfo.project.name}-${Date.now()}@example.com`;

  await page.goto(`/services/${service.slug}`);
  await page.getByRole('link', { name: 'Request a Quote' }).click();
  await expect(page).toHaveURL(/\/quote\?service=/);
  await expect(page.getByRole('heading', { name: 'Request a Quote', level: 1 })).toBeVisible();
  // Opened from the service: it is named in the form already.
  await expect(page.getByRole('textbox', { name: 'What do you need printed?' })).toHaveValue(service.name);
  expect(await scanAxe(page)).toEqual([]);

  const type = async (name: string, value: string) => {
    const field = page.getByLabel(name, { exact: true });
    await field.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(value);
  };
  await type('What do you need printed?', 'Vinyl event banners, 3 × 6 ft');
  await type('How many?', '300');
  await type('Anything else we should know? (optional)', 'Grommets every 2 ft.');
  await type('Name', 'Dana Whitfield');
  await type('Email', email);
  await page.getByRole('button', { name: 'Request a quote' }).focus();
  await page.keyboard.press('Enter');

  // The form posts to its page, rendered per request (the empty file status of /quote is a status too).
  await expect(page).toHaveURL(/\/quote\/send$/);
  const status = page.getByRole('status');
  await expect(status).toHaveText(/^Your quote request Q-\d+ is in\.$/);
  const reference = /Q-\d+/.exec((await status.textContent()) ?? '')![0];
  expect(await scanAxe(page)).toEqual([]);

  // The owner's Quotes tab.
  await signInAsOwner(page);
  await page.getByRole('link', { name: 'Quotes' }).click();
  const table = page.getByRole('grid', { name: 'Quotes' });
  const row = table.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Vinyl event banners, 3 × 6 ft');
  await expect(row).toContainText('300');
  expect(await scanAxe(page)).toEqual([]);
  await page.getByRole('searchbox', { name: 'Reference, name or e-mail' }).fill(email);
  await expect(table.getByRole('row')).toHaveCount(2);
  await row.click();
  const dialog = page.getByRole('dialog', { name: `Quote request ${reference}` });
  await expect(dialog).toContainText('Grommets every 2 ft.');
  await expect(dialog).toContainText(`From the page of${service.name}`);
  await expect(dialog.getByRole('link', { name: email })).toBeVisible();
  expect(await scanAxe(page)).toEqual([]);
});

test('without JavaScript the request goes out as a plain form post, with its artwork file', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/quote');
  await page.getByLabel('What do you need printed?', { exact: true }).fill('Numbered jerseys');
  await page.getByLabel('How many?', { exact: true }).fill('24');
  await page.getByLabel('Name', { exact: true }).fill('Coach Reyes');
  await page.getByLabel('Email', { exact: true }).fill(`quote-nojs-${testInfo.project.name}-${Date.now()}@example.com`);
  await page
    .getByLabel('Artwork (optional)')
    .setInputFiles({ name: 'jersey-numbers.png', mimeType: 'image/png', buffer: await png(600, 400) });
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/quote\/send$/);
  await expect(page.getByRole('status')).toHaveText(/^Your quote request Q-\d+ is in\.$/);

  // A file that is not artwork comes back refused at its field, with what was typed kept.
  await page.goto('/quote');
  await page.getByLabel('What do you need printed?', { exact: true }).fill('Numbered jerseys');
  await page.getByLabel('How many?', { exact: true }).fill('24');
  await page.getByLabel('Name', { exact: true }).fill('Coach Reyes');
  await page.getByLabel('Email', { exact: true }).fill('coach.reyes@example.com');
  await page
    .getByLabel('Artwork (optional)')
    .setInputFiles({ name: 'numbers.png', mimeType: 'image/png', buffer: Buffer.from('<html><body>hi</body></html>') });
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Artwork (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Coach Reyes');
  // axe runs as a script: the refused page's markup is checked in a page that has one.
  const refusedPage = await page.content();
  await context.close();
  const scripted = await browser.newContext();
  const checker = await scripted.newPage();
  await checker.setContent(refusedPage);
  expect(await scanAxe(checker)).toEqual([]);
  await scripted.close();
});
