/** The shop's postal address, in schema.org PostalAddress terms (JSON-LD uses it as is). */
export interface ShopAddress {
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  postalCode: string;
  addressCountry: string;
}

/**
 * The shop's own details, shown across the site and in every e-mail (docs/decisions/spec-rules.md#s1,
 * §2 Contact, footer). The owner edits them in Admin → Shop settings (issue 44); they live in
 * the shop_settings row, read by src/server/settings.
 */
export interface ShopDetails {
  name: string;
  tagline: string;
  email: string;
  phone: string;
  hours: string;
  address: ShopAddress;
  social: { name: string; url: string }[];
  /** The logo's address; null shows the shop's built-in logo. */
  logoUrl: string | null;
}

/**
 * What the shop_settings migration seeds, and what is shown only where no database answers
 * (a database restored without the row). Nothing else reads these values: pages and e-mails
 * read the stored ones.
 */
export const DEFAULT_SHOP_DETAILS: ShopDetails = {
  name: 'West Texas Prints',
  tagline: 'Prints with West Texas energy.',
  email: 'hello@westtexasprints.example',
  phone: '+1-432-555-0142',
  hours: 'Mon-Fri 9am-5pm',
  address: {
    streetAddress: '1200 N Big Spring St',
    addressLocality: 'Midland',
    addressRegion: 'TX',
    postalCode: '79701',
    addressCountry: 'US',
  },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/westtexasprints' },
    { name: 'Instagram', url: 'https://www.instagram.com/westtexasprints' },
    { name: 'TikTok', url: 'https://www.tiktok.com/@westtexasprints' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/westtexasprints' },
  ],
  logoUrl: null,
};

/** The built-in logo pages show when the owner set none. */
export const BUILT_IN_LOGO = '/images/logo.svg';

/** "1200 N Big Spring St, Midland, TX 79701" */
export const shopAddressLine = ({ address: a }: Pick<ShopDetails, 'address'>) =>
  `${a.streetAddress}, ${a.addressLocality}, ${a.addressRegion} ${a.postalCode}`;

/** The home page's selling points, in the order of its icons: shipping, inks, local production. */
export const SELLING_POINTS = ['Free Shipping over $100', 'Eco-friendly inks', 'Local West Texas production'] as const;

/** Free shipping threshold on the discounted subtotal (docs/decisions/spec-rules.md#s9). */
export const FREE_SHIPPING_THRESHOLD_CENTS = 10_000;

/** A phone number as a tel: link: its digits and a leading + ("(432) 555-0142" → tel:4325550142). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;
