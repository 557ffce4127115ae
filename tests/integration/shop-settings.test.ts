import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import settingsFn from '../../netlify/functions/admin-shop-settings.mts';
import type { AdminShopSettings } from '../../src/lib/admin-schemas/shop-settings.ts';
import { DEFAULT_SHOP_DETAILS } from '../../src/lib/site/site.ts';
import { type RebuildReason, setRebuildHandler } from '../../src/server/admin/rebuild.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitContactMessage } from '../../src/server/forms/contact.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Issue 44 item 1: the shop's own details (name, phone, e-mail, address, hours, tagline, social
 * profiles, logo) are kept in the database, edited by the owner in Shop settings, checked at the
 * field, republished on save and read by the next e-mail.
 */
const { authorization } = adminProductSaves();
const rebuilds: RebuildReason[] = [];
beforeAll(() => setRebuildHandler(async (reasons) => void rebuilds.push(...reasons), { delayMs: 0 }));

const settings = (method: 'GET' | 'PUT', body?: unknown, auth: string | null = authorization) =>
  callFunction(settingsFn, '/api/admin/shop-settings', {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const SEEDED = {
  name: 'West Texas Prints',
  tagline: 'Prints with West Texas energy.',
  email: 'hello@westtexasprints.example',
  phone: '+1-432-555-0142',
  hours: 'Mon-Fri 9am-5pm',
  street_address: '1200 N Big Spring St',
  address_locality: 'Midland',
  address_region: 'TX',
  postal_code: '79701',
  address_country: 'US',
  social: DEFAULT_SHOP_DETAILS.social,
  logo_url: null,
};

describe.each(DATABASE_KINDS)('shop settings on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('starts with the details the site showed before they could be changed', async () => {
    const res = await settings('GET');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(SEEDED);
  });

  it('saves the whole set, answers what is stored and asks for the site to be republished', async () => {
    rebuilds.length = 0;
    const body = {
      ...SEEDED,
      phone: ' (432) 555-0199 ',
      email: 'orders@wtprints.example',
      social: [{ name: 'Instagram', url: 'HTTPS://www.Instagram.com/wtprints' }],
      logo_url: '',
    };
    const saved = await settings('PUT', body);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({
      phone: '(432) 555-0199',
      email: 'orders@wtprints.example',
      social: [{ name: 'Instagram', url: 'https://www.instagram.com/wtprints' }],
      logo_url: null,
    });
    expect(((await (await settings('GET')).json()) as AdminShopSettings).phone).toBe('(432) 555-0199');
    await expect.poll(() => rebuilds).toContainEqual({ entity: 'shop_settings', action: 'update' });
  });

  it('puts the saved phone and name in the next e-mail', async () => {
    expect((await settings('PUT', { ...SEEDED, name: 'Permian Prints', phone: '+1 432 555 0177' })).status).toBe(200);
    const { mailIds } = await submitContactMessage(
      database.db,
      { fullName: 'Ana Ruiz', emailAddress: 'ana@example.com', subject: 'General Inquiry', message: 'Hello' },
      { shopEmail: 'hello@westtexasprints.example' },
    );
    const mails = await database.db
      .selectFrom('email_outbox')
      .select(['template_name', 'text_body', 'html_body'])
      .where('id', 'in', mailIds)
      .execute();
    const ack = mails.find((m) => m.template_name === 'contact-acknowledgement')!;
    expect(ack.text_body).toContain('+1 432 555 0177');
    expect(ack.text_body).toContain('Thanks for reaching out to Permian Prints.');
    expect(ack.text_body).not.toContain('555-0142');
    expect(ack.html_body).toContain('href="tel:+1 432 555 0177"');
    expect(ack.html_body).not.toContain('West Texas Prints');
  });

  it.each([
    [{ phone: 'call us' }, 'phone', 'Type a phone number with its area code, e.g. +1-432-555-0142.'],
    [{ phone: '555-01' }, 'phone', 'Type a phone number with its area code, e.g. +1-432-555-0142.'],
    [{ email: 'hello@' }, 'email', 'Type one e-mail address, e.g. hello@yourshop.com.'],
    [{ name: '  ' }, 'name', 'Name is required.'],
    [
      { social: [{ name: 'Facebook', url: 'http://facebook.com/wtp' }] },
      'social.0.url',
      'Use the profile’s https:// address, e.g. https://www.instagram.com/yourshop.',
    ],
    [
      { social: [{ name: 'Facebook', url: 'javascript:alert(1)' }] },
      'social.0.url',
      'Use the profile’s https:// address, e.g. https://www.instagram.com/yourshop.',
    ],
    [{ logo_url: 'http://cdn.example.com/logo.png' }, 'logo_url', expect.stringContaining('https URL')],
    [{ address_country: 'USA' }, 'address_country', 'Type the two-letter country code, e.g. US.'],
    [{ fax: '555' }, '_', expect.stringContaining('fax')],
  ])('refuses %j with 400 at %s, in words, storing nothing', async (change, field, message) => {
    const before = await snapshot(database.db);
    rebuilds.length = 0;
    const res = await settings('PUT', { ...SEEDED, ...change });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.fields?.[field]).toEqual(message);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect(rebuilds).toEqual([]);
  });

  it('answers 401 to a caller who is not signed in, reading and saving nothing', async () => {
    const before = await snapshot(database.db);
    expect((await settings('GET', undefined, null)).status).toBe(401);
    expect((await settings('PUT', { ...SEEDED, phone: '+1 432 555 0100' }, null)).status).toBe(401);
    expect((await settings('PUT', { ...SEEDED, phone: '+1 432 555 0100' }, 'Bearer forged.token.here')).status).toBe(
      401,
    );
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });
});
