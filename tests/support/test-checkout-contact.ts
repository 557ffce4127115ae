import type { Page } from '@playwright/test';

/**
 * What the built-in test checkout asks before Pay (docs/decisions/0028-owner-and-receipts.md), as
 * Stripe Checkout does: the name, the phone and, for a shipped order, the US ship-to address. As form fields for a Pay
 * posted by a test (a pickup order ignores the address), and filled by label in a browser.
 */
export const TEST_CHECKOUT_CONTACT = {
  name: 'Dana Whitfield',
  phone: '(503) 555-0142',
  address_line1: '1200 SW Main St',
  city: 'Portland',
  state: 'OR',
  postal_code: '97205',
} as const;

/** The phone above as the order stores it. */
export const TEST_CHECKOUT_PHONE = '+15035550142';

/** Fills the test checkout's contact fields by their labels (the address only when it is asked). */
export async function fillTestCheckoutContact(page: Page, contact = TEST_CHECKOUT_CONTACT): Promise<void> {
  await page.getByLabel('Full name', { exact: true }).fill(contact.name);
  const line1 = page.getByLabel('Address line 1', { exact: true });
  if (await line1.count()) {
    await line1.fill(contact.address_line1);
    await page.getByLabel('City', { exact: true }).fill(contact.city);
    await page.getByLabel('State', { exact: true }).selectOption(contact.state);
    await page.getByLabel('ZIP code', { exact: true }).fill(contact.postal_code);
  }
  await page.getByLabel('Phone', { exact: true }).fill(contact.phone);
}
