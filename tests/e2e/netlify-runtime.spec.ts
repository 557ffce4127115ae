import { productionOf, press, sendProof, signInWithForm } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { customerBrowser } from '../support/customer-browser.ts';
import { expect as expectNow, test } from '../support/e2e-test.ts';
import { paidPrintedOrder } from '../support/e2e-paid-order.ts';
import { type NetlifyDevShop, startNetlifyDevShop } from '../support/netlify-dev-shop.ts';

/**
 * The proof loop on Netlify's own runtime instead of `npm start`'s server: the shop built with
 * Netlify's adapter and served by @netlify/dev (its functions, redirects, headers and the
 * adapter's function for the order page), over its own PostgreSQL. A printed order is paid
 * through the test checkout's page, the owner sends a proof from the admin, and the customer
 * follows the link of the e-mail the shop queued and approves it.
 */

const PORT = Number(process.env['E2E_PORT'] ?? 4398) + 100;
const PASSWORD = 'netlify-dev-journey-password';
let shop: NetlifyDevShop;
// The emulator starts a worker and loads the function for every call: a page takes seconds.
const expect = expectNow.configure({ timeout: 20_000 });

test.use({ baseURL: `http://localhost:${PORT}` });

test.beforeAll(async () => {
  // A throwaway PostgreSQL, the seed, and a build with Netlify's adapter.
  test.setTimeout(300_000);
  shop = await startNetlifyDevShop(PORT, PASSWORD);
});

test.afterAll(async () => {
  await shop?.stop();
});

/** The link to the shop's `path` in the newest e-mail the shop queued for `address` with that subject. */
async function linkInOutbox(address: string, subject: RegExp, path: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        const rows = await shop.sql<{ subject: string; text_body: string }[]>`
          select subject, text_body from email_outbox where to_address = ${address} order by created_at desc`;
        body = rows.find((row) => subject.test(row.subject))?.text_body ?? '';
        return body;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  const link = new RegExp(`${shop.url}/${path}/\\S+`).exec(body)?.[0];
  if (!link) throw new Error(`no ${path} link in ${body}`);
  return link;
}

test('on Netlify’s runtime: a printed order is paid, the owner sends a proof, the customer approves it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const buyer = `netlify-runtime-${Date.now()}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name);

  await signInWithForm(page, PASSWORD);
  let production = await productionOf(page, buyer);
  await expect(production).toContainText('Stage: Paid');
  await sendProof(page, production, 'proof-netlify.png', 'Logo 10 in wide, centred');

  const customer = await customerBrowser(browser, testInfo);
  const shopper = await customer.newPage();
  await shopper.goto(await linkInOutbox(buyer, /^Your proof for order \w+ is ready$/, 'orders'));
  await expect(shopper.getByRole('heading', { level: 2, name: 'Where it is: Proof sent' })).toBeVisible();
  await expect(shopper.getByRole('img', { name: 'Proof: proof-netlify.png' })).toBeVisible();
  await expect(shopper.getByRole('region', { name: 'Your proof' })).toContainText('Logo 10 in wide, centred');
  expect(await scanAxe(shopper)).toEqual([]);
  await press(shopper.getByRole('button', { name: 'Approve this proof' }));
  await expect(shopper.getByRole('status')).toHaveText(/the proof is approved/);
  await expect(shopper.getByRole('heading', { level: 2, name: 'Where it is: Approved' })).toBeVisible();

  production = await productionOf(page, buyer);
  await expect(production).toContainText('Stage: Approved');
  await customer.close();
});
