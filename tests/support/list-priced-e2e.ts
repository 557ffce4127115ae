import type { APIRequestContext } from '@playwright/test';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { signInAsOwner } from './admin-e2e.ts';
import { expect, type Page } from './e2e-test.ts';

/**
 * Browser tests of products priced by the owner's lists (docs/decisions/0027-price-lists.md): the owner's token, the
 * seeded lists by name, and a product linked to them through the admin API for one test and
 * put back as it was after it.
 */

interface ListRow {
  id: string;
  name: string;
}

/** Signs the page in as the owner and returns the `authorization` header of the admin API. */
export async function ownerAuthorization(page: Page): Promise<string> {
  await signInAsOwner(page);
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  expect(token).toBeTruthy();
  return `Bearer ${token}`;
}

/** The id of each seeded list, by its name. */
export async function seededListIds(request: APIRequestContext, authorization: string) {
  const answer = (await (await request.get('/api/admin/price-lists', { headers: { authorization } })).json()) as
    | ListRow[]
    | { lists?: ListRow[]; price_lists?: ListRow[] };
  const rows = Array.isArray(answer) ? answer : (answer.lists ?? answer.price_lists ?? []);
  return (name: string) => {
    const row = rows.find((r) => r.name === name);
    expect(row, `the seeded list "${name}"`).toBeTruthy();
    return row!.id;
  };
}

/** A product's update through the admin API, and the body that puts the product back as it was. */
export function productEditor(request: APIRequestContext, authorization: string, original: ProductDetail) {
  const put = async (body: unknown) => {
    const answer = await request.put(`/api/products/${original.id}`, {
      headers: { authorization, 'content-type': 'application/json' },
      data: body,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  const restore = () =>
    put({
      price_tiers: original.price_tiers,
      print_locations: original.print_locations.map(({ code, name, price_cents_per_piece, setup_fee_cents }) => ({
        code,
        name,
        price_cents_per_piece,
        setup_fee_cents,
      })),
      garment_list_id: null,
      turnaround_list_id: null,
      variants: original.variants,
    });
  return { put, restore };
}

/**
 * On a product page, by keyboard: wakes the options island, picks the colour, switches to several
 * sizes and types each size's pieces, then ticks the print locations named.
 */
export async function chooseByKeyboard(
  page: Page,
  choice: { color: string; pieces: Record<string, number>; locations: readonly string[] },
) {
  const colour = page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: choice.color });
  await colour.focus();
  await expect(page.locator('#product-options astro-island')).not.toHaveAttribute('ssr', { timeout: 30_000 });
  await colour.press('Space');
  await expect(colour).toBeChecked();
  const several = page.getByRole('checkbox', { name: /Order several sizes/ });
  await several.focus();
  await several.press('Space');
  for (const [size, pieces] of Object.entries(choice.pieces)) {
    const field = page.getByLabel(`Quantity of ${size}`, { exact: true });
    await field.focus();
    await field.fill(String(pieces));
    await field.press('Tab');
  }
  for (const name of choice.locations) {
    const location = page.getByRole('checkbox', { name: new RegExp(`^${name}`) });
    await location.focus();
    await location.press('Space');
  }
}

/** Adds the product page's choice to the cart by keyboard and waits for the shop to say so. */
export async function addToCartByKeyboard(page: Page, pieces: number, name: string) {
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await add.focus();
  await add.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Added ${pieces} × ${name}` })).toBeVisible();
}

/** What the cart page sends to checkout: its lines' inputs and the rush. */
export interface SentCheckout {
  items: { sizeId: string; quantity: number; locations?: unknown }[];
  rush?: string | null;
}

/**
 * Makes the next pages log the body of the cart's checkout request (a fetch's streamed body is not
 * visible to Playwright's request event); call before opening the cart.
 */
export async function watchCheckoutBody(page: Page) {
  await page.addInitScript(() => {
    const send = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && request.url.endsWith('/api/cart/checkout')) {
        console.info(`[sent-checkout] ${await request.clone().text()}`);
      }
      return send(request);
    };
  });
}

/** Presses the cart's Checkout by keyboard once the island has taken over; returns the body sent. */
export async function checkoutByKeyboard(page: Page): Promise<SentCheckout> {
  const sent = page.waitForEvent('console', (m) => m.text().startsWith('[sent-checkout] '));
  const pay = page.getByRole('button', { name: 'Checkout', exact: true });
  await pay.focus();
  // Focus wakes the cart island; the press goes to it once it has taken over the page.
  await expect(page.locator('astro-island').filter({ has: pay })).not.toHaveAttribute('ssr', { timeout: 30_000 });
  await pay.press('Enter');
  return JSON.parse((await sent).text().slice('[sent-checkout] '.length)) as SentCheckout;
}
