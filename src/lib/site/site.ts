/** Facts about the shop shown across the site (docs/decisions/spec-rules.md#s1, §2 Contact, footer). */
export const SHOP = {
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
  sellingPoints: ['Free Shipping over $100', 'Eco-friendly inks', 'Local West Texas production'],
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/westtexasprints' },
    { name: 'Instagram', url: 'https://www.instagram.com/westtexasprints' },
    { name: 'TikTok', url: 'https://www.tiktok.com/@westtexasprints' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/westtexasprints' },
  ],
} as const;

/** Free shipping threshold on the discounted subtotal (docs/decisions/spec-rules.md#s9). */
export const FREE_SHIPPING_THRESHOLD_CENTS = 10_000;
