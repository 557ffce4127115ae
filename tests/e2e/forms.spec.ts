import { expect, type Page, test } from '../support/e2e-test.ts';

const GREEN = 'rgb(30, 107, 58)';
const RED = 'rgb(166, 27, 27)';

/** An address no other test (or browser project) signs up with. */
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Counts the requests the page makes to an API path. */
function countRequests(page: Page, path: string) {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.count += 1;
  });
  return seen;
}

test.describe('the newsletter block', () => {
  test('signs a valid address up: green notice, field cleared', async ({ page }) => {
    await page.goto('/');
    const block = page.getByRole('region', { name: 'Join Our Mailing List - Get 10% off your first order' });
    const email = block.getByLabel('Email address');
    await email.fill(uniqueEmail('home'));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
    await block.getByRole('button', { name: 'Subscribe' }).click();
    expect((await answer).status()).toBe(200);
    const notice = block.getByRole('status');
    await expect(notice).toHaveText('Thanks for signing up!');
    await expect(notice).toHaveCSS('color', GREEN);
    await expect(email).toHaveValue('');
  });

  test('does not send an invalid address and says "Enter a valid email"', async ({ page }) => {
    const posts = countRequests(page, '/api/newsletter');
    await page.goto('/');
    const block = page.getByRole('region', { name: 'Join Our Mailing List - Get 10% off your first order' });
    const email = block.getByLabel('Email address');
    // The spec's own pattern let this one through: its dot matched any character.
    await email.fill('someone@examplecom');
    await block.getByRole('button', { name: 'Subscribe' }).click();
    await expect(block.getByText('Enter a valid email')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(email).toHaveValue('someone@examplecom');
    await email.fill('someone@example.com');
    await expect(block.getByText('Enter a valid email')).toBeHidden();
    expect(posts.count).toBe(0);
  });

  test('shows the red failure notice and keeps the address when the server fails', async ({ page }) => {
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"unavailable","message":"x"}}',
      }),
    );
    await page.goto('/');
    const block = page.getByRole('region', { name: 'Join Our Mailing List - Get 10% off your first order' });
    await block.getByLabel('Email address').fill('keep.me@example.com');
    await block.getByRole('button', { name: 'Subscribe' }).click();
    const notice = block.getByRole('status');
    await expect(notice).toHaveText('Sign-up failed. Please try again.');
    await expect(notice).toHaveCSS('color', RED);
    await expect(block.getByLabel('Email address')).toHaveValue('keep.me@example.com');
  });
});

test.describe('the contact form', () => {
  test('shows the spec’s messages for missing and malformed fields and sends nothing', async ({ page }) => {
    const posts = countRequests(page, '/api/contact');
    await page.goto('/contact');
    // The map (OpenStreetMap's page) is put in once the page has painted.
    const map = page.locator('iframe[title="Map of West Texas Prints in Midland, Texas"]');
    await expect(map).toHaveCount(1);
    await expect(map).toHaveAttribute('src', /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
    await expect(page.getByLabel('Inquiry type')).toHaveValue('General Inquiry');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByText('Please select an option')).toHaveCount(0);
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name is required');

    await page.getByLabel('Name', { exact: true }).fill('Jake Whitfield');
    await expect(page.getByText('Name is required')).toBeHidden();
    await page.getByLabel('Email', { exact: true }).fill('jake@whitfield');
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    expect(posts.count).toBe(0);
  });

  test('sends a valid message: Thank You panel, green notice, analytics event', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shopEvents: unknown[] };
      w.shopEvents = [];
      window.addEventListener('shop:analytics', (e) => w.shopEvents.push((e as CustomEvent).detail));
    });
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Lauren Kimbrough');
    await page.getByLabel('Email', { exact: true }).fill('lauren.kimbrough@example.com');
    await page.getByLabel('Inquiry type').selectOption('Order Help');
    await page.getByLabel('Message', { exact: true }).fill('Can my order ship by Friday?');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).status()).toBe(200);

    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: 'We have received your message!' });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveCSS('color', GREEN);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy-policy');
    expect(await page.evaluate(() => (window as unknown as { shopEvents: unknown[] }).shopEvents)).toEqual([
      {
        event: 'contact-form-submitted',
        properties: { subject: 'Order Help', email: 'lauren.kimbrough@example.com' },
      },
    ]);

    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  });

  test('Reset clears name, e-mail and message and returns the inquiry type to General Inquiry', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Priya Raman');
    await page.getByLabel('Email', { exact: true }).fill('priya@example.com');
    await page.getByLabel('Inquiry type').selectOption('Event Partnerships');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Inquiry type')).toHaveValue('General Inquiry');
    await expect(page.getByText('Message is required')).toBeHidden();
  });

  test('keeps what was typed when the server refuses or fails', async ({ page }) => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { error: { code: 'invalid_input', message: 'x', fields: { emailAddress: 'Please enter a valid email' } } },
    };
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
    );
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Darnell Hayes');
    await page.getByLabel('Email', { exact: true }).fill('darnell@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Quote for 50 banners, please.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('darnell@example.com');

    answer = { status: 500, body: { error: { code: 'internal', message: 'x', fields: {} } } };
    await page.getByRole('button', { name: 'Send Message' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Your message could not be sent. Please try again.' });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveCSS('color', RED);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Quote for 50 banners, please.');
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeHidden();
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the newsletter form posts and answers with a page', async ({ page }) => {
    await page.goto('/');
    const block = page.getByRole('region', { name: 'Join Our Mailing List - Get 10% off your first order' });
    await block.getByLabel('Email address').fill('not-an-address@example');
    await block.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole('alert')).toHaveText('Please correct the email address below and try again.');
    await expect(page.getByText('Enter a valid email')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Enter a valid email');
    await expect(page.getByLabel('Email address')).toHaveValue('not-an-address@example');

    await page.getByLabel('Email address').fill(uniqueEmail('nojs'));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status')).toHaveText('Thanks for signing up!');
    await expect(page.getByLabel('Email address')).toHaveValue('');
    await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });

  test('the contact form shows the messages, keeps what was typed, then thanks', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.locator('iframe[title="Map of West Texas Prints in Midland, Texas"]')).toHaveCount(1);
    await page.getByLabel('Name', { exact: true }).fill('Tomás Ortega');
    await page.getByLabel('Email', { exact: true }).fill('tomas@ortega');
    await page.getByLabel('Inquiry type').selectOption('Other');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('alert')).toHaveText('Please correct the fields below and send your message again.');
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Tomás Ortega');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('tomas@ortega');
    await expect(page.getByLabel('Inquiry type')).toHaveValue('Other');
    await expect(page).toHaveURL(/\/contact\/send$/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Please enter a valid email');
    await expect(page.getByRole('button', { name: 'Reset' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy-policy');

    await page.getByLabel('Email', { exact: true }).fill('tomas@ortega.example.com');
    await page.getByLabel('Message', { exact: true }).fill('Do you do embroidery?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('We have received your message!');
  });
});
