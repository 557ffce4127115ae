import { getContainerRenderer } from '@astrojs/react';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AdminPage from '../../src/pages/admin/index.astro';
import ContactPage from '../../src/pages/contact.astro';
import { DEFAULT_SHOP_DETAILS } from '../../src/lib/site/site.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { saveShopSettings } from '../../src/server/settings/shop-settings.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';

/**
 * Issue 44 item 1: the contact page and the footer of every page say the shop's details as Shop
 * settings holds them, not the ones the code was written with.
 */
/** Another shop's details, saved in Shop settings. */
const CAPROCK = {
  name: 'Caprock Ink & Thread',
  tagline: 'Printed on the Caprock.',
  email: 'hi@caprockink.example',
  phone: '(806) 555-0123',
  hours: 'Mon-Fri 8am-5pm',
  street_address: '1 Broadway',
  address_locality: 'Lubbock',
  address_region: 'TX',
  postal_code: '79401',
  address_country: 'US',
  social: [],
  logo_url: null,
};

const open = () => requestPage(ContactPage, '/contact', { params: {} });

describe.each(DATABASE_KINDS)('the shop’s details on its pages, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('shows the saved phone, e-mail, hours, address, tagline and profiles on the contact page and in its footer', async () => {
    await saveShopSettings(database.db, {
      name: 'Permian Prints',
      tagline: 'Ink from the Basin.',
      email: 'hi@permianprints.example',
      phone: '(432) 555-0177',
      hours: 'Mon-Sat 8am-6pm',
      street_address: '400 W Wall St',
      address_locality: 'Odessa',
      address_region: 'TX',
      postal_code: '79761',
      address_country: 'US',
      social: [{ name: 'Instagram', url: 'https://www.instagram.com/permianprints' }],
      logo_url: null,
    });
    const html = await (await open()).text();
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toContain('Ink from the Basin.');
    expect(footer).toMatch(/<a href="tel:4325550177"[^>]*>\(432\) 555-0177<\/a>/);
    expect(footer).toContain('hi@permianprints.example');
    expect(footer).toContain('https://www.instagram.com/permianprints');
    expect(footer).toContain('© ');
    expect(footer).toContain('Permian Prints. All rights reserved.');
    const details = html.slice(html.indexOf('Visit or reach us'), html.indexOf('<footer'));
    expect(details).toContain('(432) 555-0177');
    expect(details).toContain('mailto:hi@permianprints.example');
    expect(details).toContain('Mon-Sat 8am-6pm');
    expect(details).toContain('400 W Wall St, Odessa, TX 79761');
    expect(html).toContain('<title>Contact Us | Permian Prints</title>');
    for (const old of [DEFAULT_SHOP_DETAILS.phone, DEFAULT_SHOP_DETAILS.email, DEFAULT_SHOP_DETAILS.tagline]) {
      expect(html).not.toContain(old);
    }
  });

  it('names the shop as saved in the header logo’s text', async () => {
    await saveShopSettings(database.db, CAPROCK);
    const html = await (await open()).text();
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(header).toMatch(/<a href="\/" class="logo"[^>]*><img [^>]*alt="Caprock Ink &amp; Thread home"/);
    expect(header).not.toContain('West Texas Prints');
  });

  it('names the shop as saved in the admin’s title, header and sign-in', async () => {
    await saveShopSettings(database.db, CAPROCK);
    // The admin page is a client-only React app: the container needs React to place it.
    const container = await AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
    const html = await container.renderToString(AdminPage);
    expect(html).toContain('<title>Admin | Caprock Ink &amp; Thread</title>');
    // The client-only app's props: its header and sign-in heading say this name.
    const props = html.match(/<astro-island[^>]*props="([^"]*)"/)?.[1]?.replaceAll('&quot;', '"') ?? '';
    expect(props).toContain('"shopName":[0,"Caprock Ink &amp; Thread"]');
    expect(html).not.toContain('West Texas Prints');
  });
});
