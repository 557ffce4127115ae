import { openOrderOf, sendProof, signInAsOwner } from '../support/admin-e2e.ts';
import { choose, press, typeInto } from '../support/admin-keyboard.ts';
import { scanAxe } from '../support/axe.ts';
import { linkInMail } from '../support/e2e-mailbox.ts';
import { paidPrintedOrder } from '../support/e2e-paid-order.ts';
import { expect, test } from '../support/e2e-test.ts';

/*
 * Issue 45: the owner invites an artist from the Staff screen by keyboard; the artist sets a
 * password from the e-mailed link, signs in with her e-mail, sees the orders without money and
 * cannot open refunds (no tab, no section, and the server answers 403); she sends a proof and
 * the timeline names her. A press operator, invited through the API, sees the order without a
 * price anywhere, moves the job to production, cannot open payments, and is signed out on his next
 * action once the owner suspends him.
 */
test('the owner invites an artist and an operator; each signs in, does their job and no more', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Three people: the artist's invitation, proof and passkey, the operator's day, his suspension.
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const buyer = `staff-journey-${stamp}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name);
  const email = `artist-${stamp}@example.org`;
  const name = `Maria ${stamp}`;
  await signInAsOwner(page);
  await press(page, page.getByRole('link', { name: 'Staff', exact: true }));
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff' })).toContainText('The owner');
  expect(await scanAxe(page)).toEqual([]);

  const invite = page.getByRole('form', { name: 'Invite a person' });
  await typeInto(page, invite.getByRole('textbox', { name: 'Name' }), name);
  await typeInto(page, invite.getByRole('textbox', { name: 'E-mail' }), email);
  await choose(page, invite.getByRole('button', { name: /Role/ }), 'Art: artwork and proofs, no money');
  await press(page, invite.getByRole('button', { name: 'Send invitation' }));
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Invited (no password yet)');

  const link = await linkInMail(email, /invited to/, 1, 'staff/invitation');
  const artist = await browser.newPage();
  await artist.goto(link);
  await expect(artist.getByRole('heading', { name: 'Set your password', level: 1 })).toBeVisible();
  expect(await scanAxe(artist)).toEqual([]);
  await artist.getByLabel('New password').fill('maria-draws-well');
  await artist.getByLabel('The same password again').fill('maria-draws-well');
  await artist.getByRole('button', { name: 'Set my password' }).click();
  await expect(artist.getByRole('heading', { name: 'Your password is set' })).toBeVisible();

  await artist.getByRole('link', { name: 'Sign in to the back office' }).click();
  await artist.getByLabel('E-mail').fill(email);
  await artist.getByLabel('Password').fill('maria-draws-well');
  await artist.getByRole('button', { name: 'Login' }).click();
  await expect(artist).toHaveURL(/\/admin\/orders$/, { timeout: 15_000 });
  await expect(artist.getByText(`${name} · Art`)).toBeVisible();
  const tabs = artist.getByRole('navigation', { name: 'Admin sections' });
  await expect(tabs.getByRole('link', { name: 'Orders' })).toBeVisible();
  for (const hidden of ['Receivables', 'Staff', 'Products', 'Payments']) {
    await expect(tabs.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  const orders = artist.getByRole('grid', { name: 'Orders' });
  await expect(orders.getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
  await expect(orders.getByRole('columnheader', { name: 'Total (USD)' })).toHaveCount(0);
  const dialog = artist.getByRole('dialog', { name: /^Order / });
  // The grid may still be settling (its first read, the role's columns): click until it opens, as openOrderOf does.
  await expect(async () => {
    if (!(await dialog.isVisible())) await orders.getByRole('row').nth(1).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(dialog.getByRole('heading', { name: 'Refunds' })).toHaveCount(0);
  await expect(dialog).not.toContainText('$');

  // The server refuses the refund itself, whatever the page offers.
  const orderId = new URL(artist.url()).searchParams.get('order');
  expect(orderId).toBeTruthy();
  const refused = await artist.evaluate(async (id) => {
    const res = await fetch(`/api/orders/${id}/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('adminToken')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount_cents: 100, reason: 'not mine to give' }),
    });
    return { status: res.status, body: (await res.json()) as { error: { message: string } } };
  }, orderId);
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toContain('Your role (Art) may not do this: refunds');

  // She sends the proof of a paid order: the timeline names her.
  const proofFor = (await openOrderOf(artist, buyer)).getByRole('region', { name: 'Production' });
  await sendProof(artist, proofFor, 'first-proof.png', 'Logo centred');
  await expect(proofFor.getByRole('list', { name: 'Timeline' })).toContainText(`Proof sent (by ${name})`);
  const jobId = new URL(artist.url()).searchParams.get('order')!;

  // A passkey (Chromium's virtual authenticator): she adds one in My devices, names it, logs out
  // and signs back in with it alone.
  const cdp = await artist.context().newCDPSession(artist);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  // The proof form holds the focus, so the dialog is closed by its button rather than Escape.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await tabs.getByRole('link', { name: 'My devices' }).click();
  await artist.getByRole('textbox', { name: 'Passkey name' }).fill('Studio laptop');
  await artist.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(artist.getByRole('table', { name: 'My passkeys' })).toContainText('Studio laptop');
  expect(await scanAxe(artist)).toEqual([]);
  await artist.getByRole('button', { name: 'Log out' }).click();
  await artist.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(artist.getByText(`${name} · Art`)).toBeVisible({ timeout: 15_000 });
  await artist.close();

  // Seeded through the API as the owner: the customer's approval (the owner may record it) and the operator's invitation.
  const asOwner = (path: string, body: unknown) =>
    page.evaluate(
      async ([p, b]) => {
        const res = await fetch(p as string, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${localStorage.getItem('adminToken')}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(b),
        });
        return { status: res.status, body: (await res.json()) as { id?: string } };
      },
      [path, body] as const,
    );
  expect((await asOwner(`/api/orders/${jobId}/stage`, { to: 'approved' })).status).toBe(200);
  const opEmail = `press-${stamp}@example.org`;
  const invited = await asOwner('/api/admin/staff', { name: `Pat ${stamp}`, email: opEmail, role: 'production' });
  expect(invited.status).toBe(201);

  const operator = await browser.newPage();
  await operator.goto(await linkInMail(opEmail, /invited to/, 1, 'staff/invitation'));
  await operator.getByLabel('New password').fill('pat-runs-the-press');
  await operator.getByLabel('The same password again').fill('pat-runs-the-press');
  await operator.getByRole('button', { name: 'Set my password' }).click();
  await operator.getByRole('link', { name: 'Sign in to the back office' }).click();
  await operator.getByLabel('E-mail').fill(opEmail);
  await operator.getByLabel('Password').fill('pat-runs-the-press');
  await operator.getByRole('button', { name: 'Login' }).click();
  await expect(operator).toHaveURL(/\/admin\/orders$/, { timeout: 15_000 });
  const opTabs = operator.getByRole('navigation', { name: 'Admin sections' });
  await expect(opTabs.getByRole('link', { name: 'Receivables', exact: true })).toHaveCount(0);
  const job = await openOrderOf(operator, buyer);
  await expect(operator.locator('body')).not.toContainText('$');
  expect(await scanAxe(operator)).toEqual([]);
  const production = job.getByRole('region', { name: 'Production' });
  // Production is offered only its own move.
  await expect(production.getByRole('button', { name: /^Mark / })).toHaveText(['Mark in production']);
  await press(operator, production.getByRole('button', { name: 'Mark in production' }));
  await expect(production).toContainText('Stage: In production', { timeout: 15_000 });
  await expect(production.getByRole('list', { name: 'Timeline' })).toContainText(`In production (by Pat ${stamp})`);
  const payments = await operator.evaluate(async () => {
    const res = await fetch('/api/admin/receivables', {
      headers: { authorization: `Bearer ${localStorage.getItem('adminToken')}` },
    });
    return res.status;
  });
  expect(payments).toBe(403);

  // The owner suspends him: his open tab is signed out on its next action.
  expect((await asOwner(`/api/admin/staff/${invited.body.id}/suspend`, {})).status).toBe(200);
  // Closing the order reads the queue again: that read is refused and the admin asks him to sign in.
  await press(operator, job.getByRole('button', { name: 'Close' }));
  await expect(operator.getByText('Your session ended. Sign in again')).toBeVisible({ timeout: 15_000 });
  await operator.close();
});
