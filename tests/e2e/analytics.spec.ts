import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '../support/e2e-test.ts';
import { type FakePosthog, startFakePosthog } from '../support/fake-posthog.ts';
import { type ShopProcess, startShop } from '../support/shop-process.ts';

const PAGES = [
  '/',
  '/about',
  '/contact',
  '/cart',
  '/catalog',
  '/collections/sticker-shop/products/west-texas-energy-sticker',
];

/** Every /_astro/ script the pages can load, with its text: those they name, and all those import. */
async function reachableScripts(request: APIRequestContext, origin: string, paths: string[]) {
  const scripts = new Map<string, string>();
  const queue: string[] = [];
  const found = (text: string) => {
    for (const [, name] of text.matchAll(/(?:\/_astro\/|["'`](?:\.\/|_astro\/))([\w.-]+\.js)\b/g)) {
      if (!scripts.has(name!) && !queue.includes(name!)) queue.push(name!);
    }
  };
  for (const path of paths) found(await (await request.get(`${origin}${path}`)).text());
  for (let name = queue.shift(); name; name = queue.shift()) {
    const response = await request.get(`${origin}/_astro/${name}`);
    expect(response.ok(), `/_astro/${name}`).toBe(true);
    const text = await response.text();
    scripts.set(name, text);
    found(text);
  }
  return scripts;
}
const mentioningPosthog = (scripts: Map<string, string>) =>
  [...scripts].filter(([, text]) => /posthog/i.test(text)).map(([name]) => name);

test('a build without PUBLIC_POSTHOG_KEY ships no analytics code', async ({ request }) => {
  const scripts = await reachableScripts(request, '', PAGES);
  expect(scripts.size).toBeGreaterThan(5);
  expect(mentioningPosthog(scripts)).toEqual([]);
});

test.describe('a build with PUBLIC_POSTHOG_KEY', () => {
  // One shop, built with the key and a local PostHog host, for all the tests below.
  test.describe.configure({ mode: 'serial' });
  const KEY = 'phc_print_shop_test';
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-analytics-'));
  // One folder per test port, as for the main shop, so parallel runs never share a build.
  const outDir = `dist-analytics-${process.env['E2E_PORT'] ?? 4398}`;
  let posthog: FakePosthog;
  let shop: ShopProcess;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    posthog = await startFakePosthog();
    const env = { PUBLIC_POSTHOG_KEY: KEY, PUBLIC_POSTHOG_HOST: posthog.url };
    shop = await startShop({ DATA_DIR: dataDir, SKIP_BUILD: '0', SHOP_OUT_DIR: outDir, ...env }, 240_000);
  });
  test.afterAll(async () => {
    await shop?.stop();
    await posthog?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  });
  test.beforeEach(async ({ page }) => {
    // posthog-js drops the events of automated browsers (navigator.webdriver, and a "HeadlessChrome"
    // among navigator.userAgentData's brands, as the headless shell the tests run names itself);
    // this one stands in for a person.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      type Brands = { brand: string }[];
      const uaData = (globalThis as { NavigatorUAData?: { prototype: object } }).NavigatorUAData?.prototype;
      const brands = uaData && Object.getOwnPropertyDescriptor(uaData, 'brands')?.get;
      if (uaData && brands) {
        Object.defineProperty(uaData, 'brands', {
          get(this: unknown) {
            return (brands.call(this) as Brands).filter((b) => !/headless/i.test(b.brand));
          },
        });
      }
    });
  });

  /** Opens a page of this build and waits until posthog-js has loaded there (its first call to the host). */
  async function open(page: Page, path: string) {
    const loaded = page.waitForRequest((r) => r.url().startsWith(posthog.url), { timeout: 30_000 });
    await page.goto(`${shop.url}${path}`);
    await loaded;
  }
  /** The properties of every event of that name the host has received. */
  const received = (event: string) => () => posthog.events.filter((e) => e.event === event).map((e) => e.properties);
  const patiently = { timeout: 15_000 };

  test('the pages load posthog-js, and the about page sends its page view with the project key', async ({
    page,
    request,
  }) => {
    expect(mentioningPosthog(await reachableScripts(request, shop.url, ['/about'])).length).toBeGreaterThan(0);
    await open(page, '/about');
    await expect
      .poll(received('about'), patiently)
      .toContainEqual(expect.objectContaining({ method: 'Google', token: KEY, $process_person_profile: true }));
  });

  test('Add to Cart and Buy Now on a product page are sent', async ({ page }) => {
    await open(page, '/collections/sticker-shop/products/west-texas-energy-sticker');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added 1 × West Texas Energy Sticker' })).toBeVisible(
      patiently,
    );
    await expect
      .poll(received('add_to_cart'), patiently)
      .toContainEqual(expect.objectContaining({ name: 'West Texas Energy Sticker', quantity: 1 }));

    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible(patiently);
    await expect
      .poll(received('buy_now_clicked'), patiently)
      .toContainEqual(expect.objectContaining({ name: 'West Texas Energy Sticker', quantity: 1 }));
  });

  test('a quick add and Checkout on the cart page are sent', async ({ page }) => {
    await open(page, '/cart');
    await page.getByRole('button', { name: 'Add to Cart: West Texas Energy Sticker' }).click();
    await expect
      .poll(received('quick_add_to_cart'), patiently)
      .toContainEqual(expect.objectContaining({ name: 'West Texas Energy Sticker' }));

    await page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible(patiently);
    await expect
      .poll(received('checkout_initiated'), patiently)
      .toContainEqual(expect.objectContaining({ items: 1, fulfillment: 'shipping' }));
  });

  test('a sent contact message is sent with its subject and e-mail', async ({ page }) => {
    await open(page, '/contact');
    await page.getByLabel('Name', { exact: true }).fill('Lauren Kimbrough');
    await page.getByLabel('Email', { exact: true }).fill('lauren.kimbrough@example.com');
    await page.getByLabel('Inquiry type').selectOption('Order Help');
    await page.getByLabel('Message', { exact: true }).fill('Can my order ship by Friday?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect
      .poll(received('contact-form-submitted'), patiently)
      .toContainEqual(expect.objectContaining({ subject: 'Order Help', email: 'lauren.kimbrough@example.com' }));
  });
});
