import { describe, expect, it } from 'vitest';
import { organizationJsonLd } from '../../src/lib/site/seo.ts';
import { DEFAULT_SHOP_DETAILS } from '../../src/lib/site/site.ts';

const site = new URL('https://prints.example/');

describe("the shop's JSON-LD (issue 44)", () => {
  it('says the details Shop settings holds, not the ones the site was built with', () => {
    const shop = {
      ...DEFAULT_SHOP_DETAILS,
      name: 'Permian Prints',
      phone: '+1 432 555 0177',
      hours: 'Mon-Sat 8am-6pm',
      social: [{ name: 'Instagram', url: 'https://www.instagram.com/permianprints' }],
      logoUrl: 'https://cdn.example.com/permian.png',
    };
    expect(organizationJsonLd(site, shop)).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Permian Prints',
      telephone: '+1 432 555 0177',
      logo: 'https://cdn.example.com/permian.png',
      sameAs: ['https://www.instagram.com/permianprints'],
      description: expect.stringContaining('Mon-Sat 8am-6pm'),
    });
  });

  it('shows the built-in logo while the owner has set none', () => {
    expect(organizationJsonLd(site, DEFAULT_SHOP_DETAILS)['logo']).toBe('https://prints.example/images/logo.svg');
  });
});
