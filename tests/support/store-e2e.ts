import { instantToShopLocal } from '../../src/lib/site/shop-time.ts';
import { png } from './artwork-files.ts';
import { linkInMail } from './e2e-mailbox.ts';
import { choose, gridButton, openSection, press, tabTo, typeInto } from './admin-keyboard.ts';
import { expect, type Page } from './e2e-test.ts';
import { TEST_CHECKOUT_CONTACT } from './test-checkout-contact.ts';

/**
 * The stores of docs/decisions/0030-team-stores.md in a browser: the owner's Stores tab, the
 * organiser's link, a buyer's order.
 */

/** 'YYYY-MM-DDTHH:mm' `days` from now on the shop's clock (Central time), as the date fields take it. */
export const shopTime = (days: number) => instantToShopLocal(new Date(Date.now() + days * 86_400_000));

export interface DesignSetup {
  /** The catalogue product, as the "Product for a new design" select names it. */
  product: string;
  /** What buyers see. */
  name: string;
  location: 'Front' | 'Back';
  /** Dollars, as the owner types them. */
  price: string;
  /** How many of the product's sizes (the first ones) the design offers. */
  sizes: number;
  /** Offers a name and a number on the piece, at these prices in dollars. */
  personalise?: { name: string; number: string };
}

export interface StoreSetup {
  name: string;
  organiserEmail: string;
  /** Days from now (negative: already open). */
  opens: number;
  closes: number;
  minimum: number;
  designs: DesignSetup[];
}

/**
 * The owner (signed in, on any admin page) adds a store by keyboard and sends it to its
 * organiser. A datetime-local field's segments differ by browser locale: it is reached by Tab,
 * then filled; the artwork file is chosen with setInputFiles (the file picker is the system's).
 * Answers the first colour's name the designs offer and each design's size names.
 */
export async function createAndSendStore(page: Page, store: StoreSetup) {
  await openSection(page, 'Stores');
  await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
  await press(page, page.getByRole('button', { name: 'Add Store' }));
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Store' });
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByRole('textbox', { name: 'Store name' }), store.name);
  await typeInto(page, dialog.getByRole('textbox', { name: "Organiser's name" }), 'Coach Ramirez');
  await typeInto(page, dialog.getByRole('textbox', { name: "Organiser's e-mail" }), store.organiserEmail);
  const opens = dialog.getByLabel('Opens (shop time)');
  await tabTo(page, opens);
  await opens.fill(shopTime(store.opens));
  const closes = dialog.getByLabel('Closes (shop time)');
  await tabTo(page, closes);
  await closes.fill(shopTime(store.closes));
  await typeInto(page, dialog.getByRole('textbox', { name: 'Minimum per design, pieces' }), String(store.minimum));

  let color = '';
  const sizes: string[][] = [];
  for (const [i, d] of store.designs.entries()) {
    const n = i + 1;
    await choose(page, dialog.getByRole('button', { name: /Product for a new design/ }), d.product);
    await press(page, dialog.getByRole('button', { name: 'Add design' }));
    const design = dialog.getByRole('group', { name: new RegExp(`^Design ${n}: `) });
    await expect(design).toBeVisible();
    await typeInto(page, design.getByRole('textbox', { name: `Design name (design ${n})` }), d.name);
    const firstColour = design
      .getByRole('group', { name: /^Colours of/ })
      .getByRole('checkbox')
      .first();
    color = (await firstColour.locator('xpath=ancestor::label[1]').innerText()).trim();
    await press(page, firstColour, 'Space');
    const sizeBoxes = design.getByRole('group', { name: /^Sizes of/ }).getByRole('checkbox');
    const names: string[] = [];
    for (let s = 0; s < d.sizes; s++) {
      names.push((await sizeBoxes.nth(s).locator('xpath=ancestor::label[1]').innerText()).trim());
      await press(page, sizeBoxes.nth(s), 'Space');
    }
    sizes.push(names);
    await press(page, design.getByRole('checkbox', { name: d.location, exact: true }), 'Space');
    const where = d.location.toLowerCase();
    await design
      .getByLabel(new RegExp(`^Artwork file for the ${where}`))
      .setInputFiles({ name: `${where}-${n}.png`, mimeType: 'image/png', buffer: await png(400, 300) });
    await press(page, design.getByRole('button', { name: new RegExp(`^Upload artwork for the ${where}`) }));
    await expect(design.getByRole('status')).toHaveText(new RegExp(`${where}-${n}.png is ready`), { timeout: 30_000 });
    await typeInto(page, design.getByRole('textbox', { name: `Price a piece (design ${n})` }), d.price);
    if (d.personalise) {
      await press(page, design.getByRole('switch', { name: `Buyers may add a name (design ${n})` }), 'Space');
      await typeInto(page, design.getByRole('textbox', { name: `Price of a name (design ${n})` }), d.personalise.name);
      await press(page, design.getByRole('switch', { name: `Buyers may add a number (design ${n})` }), 'Space');
      await typeInto(
        page,
        design.getByRole('textbox', { name: `Price of a number (design ${n})` }),
        d.personalise.number,
      );
    }
  }
  await press(page, dialog.getByRole('button', { name: 'Save' }));
  await expect(dialog).toBeHidden({ timeout: 15_000 });

  const grid = page.getByRole('grid', { name: 'Stores' });
  const row = grid.getByRole('row').filter({ hasText: store.name });
  await expect(row).toContainText('Draft');
  await (await gridButton(page, grid, store.name, `Send to the organiser ${store.name}`)).press('Enter');
  await expect(row).toContainText('Waiting for the organiser');
  return { color, sizes };
}

/**
 * The organiser opens the approval e-mail's link and approves by keyboard; answers the store's
 * page the organiser's page offers to share.
 */
export async function approveFromMail(page: Page, store: StoreSetup) {
  await page.goto(await linkInMail(store.organiserEmail, /Please approve your store/, 1, 'stores/organiser'));
  await expect(page.getByRole('heading', { name: store.name, level: 1 })).toBeVisible();
  await press(page, page.getByRole('button', { name: /^Approve and open on / }));
  await expect(page.getByRole('status')).toHaveText('Thank you: the store is approved.');
  const share = page.getByRole('region', { name: 'Share your store' }).getByRole('link');
  return new URL((await share.getAttribute('href'))!, page.url()).pathname;
}

/** Waits for the rebuild after an approval to publish the store's page. */
export async function storePageLive(page: Page, path: string, name: string) {
  // A reload may be answered 304 from the browser's cache: the page's heading says it is there.
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 240_000, intervals: [2_000, 5_000] });
}

export interface Piece {
  design: string;
  color: string;
  size: string;
  quantity: number;
  name?: string;
  number?: string;
}

/** Focuses a control and presses a key on it, as a keyboard user would after tabbing there. */
export async function key(page: Page, target: ReturnType<Page['getByRole']>, k: string) {
  await target.focus();
  await page.keyboard.press(k);
}
export async function type(page: Page, target: ReturnType<Page['getByLabel']>, text: string) {
  await target.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** A buyer on the store's page picks their pieces, pays on the test checkout and sees their receipt. */
export async function buyFromStore(page: Page, path: string, buyer: { name: string; email: string }, pieces: Piece[]) {
  await page.goto(path);
  const first = page.getByRole('region', { name: `Choose your ${pieces[0]!.design}` });
  // Reaching the form wakes its island; choices are made once it has taken over the markup.
  await first.getByRole('radio').first().focus();
  await expect(page.locator('astro-island[component-url*="StoreOrder"]:not([ssr])')).toBeAttached({ timeout: 15_000 });
  const order = page.getByRole('region', { name: 'Your order' });
  for (const [i, p] of pieces.entries()) {
    const design = page.getByRole('region', { name: `Choose your ${p.design}` });
    await key(page, design.getByRole('radio', { name: p.color }), 'Space');
    await key(page, design.getByRole('radio', { name: p.size, exact: true }), 'Space');
    await type(page, design.getByLabel(`Quantity of ${p.design}`, { exact: true }), String(p.quantity));
    if (p.name) await type(page, design.getByLabel(/^Name on the piece/), p.name);
    if (p.number) await type(page, design.getByLabel(/^Number on the piece/), p.number);
    await key(page, design.getByRole('button', { name: `Add ${p.design} to my order` }), 'Enter');
    await expect(order.getByRole('listitem')).toHaveCount(i + 1);
    await expect(order.getByRole('listitem').nth(i)).toContainText(
      `${p.quantity} × ${p.design} (${p.color}, ${p.size})`,
    );
  }
  await payForStoreOrder(page, buyer);
}

/** The buyer gives their name and e-mail, presses Pay, pays on the test checkout and lands on the receipt. */
export async function payForStoreOrder(page: Page, buyer: { name: string; email: string }) {
  await type(page, page.getByLabel('Your name'), buyer.name);
  await type(page, page.getByLabel('Your e-mail'), buyer.email);
  await key(page, page.getByRole('button', { name: 'Pay for my order' }), 'Enter');

  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible({ timeout: 30_000 });
  await type(page, page.getByLabel('Full name', { exact: true }), TEST_CHECKOUT_CONTACT.name);
  await type(page, page.getByLabel('Phone', { exact: true }), TEST_CHECKOUT_CONTACT.phone);
  await key(page, page.getByRole('button', { name: 'Pay' }), 'Enter');
  await expect(page).toHaveURL(/\/success\?session_id=/);
  // The success page asks the server for the session: on a busy machine that can take seconds.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible({ timeout: 30_000 });
}
