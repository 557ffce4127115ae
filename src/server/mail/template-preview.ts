import type { TemplatePreview, TemplatePreviewRequest } from '../../lib/admin-schemas/templates.ts';
import type { ShopDetails } from '../../lib/site/site.ts';
import { shopOrigin } from '../links/signed-links.ts';
import { orderConfirmationValues } from './order-confirmation.ts';
import { payTogetherValues } from './pay-together-values.ts';
import { type Bindings, renderTemplate } from './render.ts';
import { shopBindings } from './shop-bindings.ts';

/** The made-up order every preview shows: two lines, a discount, standard shipping. */
const SAMPLE_ORDER_ID = '3f2a9c1b-0000-4000-8000-000000000000';
const SAMPLE_ORDER = {
  fulfillment: 'shipping',
  shipping_speed: 'standard',
  subtotal_cents: 2800,
  discount_cents: 280,
  discount_code: 'WELCOME10',
  shipping_cents: 500,
  tax_cents: 202,
  total_cents: 3222,
  full_name: 'Maria Delgado',
  shipping_name: 'Maria Delgado',
  // A rush job's promised day, so the preview shows the "Ready by" line.
  ready_by: '2026-12-03',
} as const;
const SAMPLE_ITEMS = [
  { name: 'Classic Tee', quantity: 2, unit_price_cents: 1000, variant_metadata: { color: 'Black', size: 'L' } },
  { name: 'Die-cut Stickers', quantity: 1, unit_price_cents: 800, variant_metadata: {} },
];

/** The sample order waits for one file, so the preview shows the upload line too. */
const SAMPLE_MISSING_ARTWORK = ['Back of Classic Tee'];

/** Values for the bindings the shop's other e-mails use (contact, newsletter, proofs, quotes...). */
function sampleValues(shop: ShopDetails): Bindings {
  const origin = shopOrigin();
  return {
    ...shopBindings(shop, origin),
    ...orderConfirmationValues(SAMPLE_ORDER_ID, SAMPLE_ORDER, SAMPLE_ITEMS, null, SAMPLE_MISSING_ARTWORK),
    fullName: 'Maria Delgado',
    emailAddress: 'maria.delgado@example.com',
    phone: '(432) 555-0100',
    subject: 'Team shirts',
    message: 'Could you print 40 shirts for our softball team by next Friday?',
    receivedAt: 'Nov 26, 2026, 9:30 AM',
    discountCode: 'WT-SAMPLE',
    unsubscribeUrl: `${origin}/newsletter/unsubscribe`,
    reference: 'Q-1042',
    what: '40 screen-printed tees, 2 colours front',
    quantity: '40',
    budget: '$500',
    amount: '$32.22',
    paid: '$16.11',
    owed: '$16.11',
    paidWords: 'paid $16.11 deposit, $16.11 owed',
    whatChanged: 'Adjustment +$12.00 — Six more pieces',
    previousTotal: '$19.26',
    overpaidLine: '',
    refundedLine: '',
    daysSinceAsked: '3',
    ...payTogetherValues({ owedCents: 12_450, orders: 3, url: `${origin}/pay/sample` }),
    reason: 'A misprinted sleeve',
    note: 'Please move the logo 1 inch up.',
    notes: 'Left chest and full back.',
    comment: 'Looks great!',
    validUntil: 'Dec 10, 2026',
    quoteUrl: `${origin}/quote/sample`,
    trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    trackingNumber: '9400100000000000000000',
    carrier: 'USPS',
    artwork: 'team-logo.pdf',
    sizes: 'S 10, M 15, L 15',
    colors: 'Black, Burnt Orange',
    printLocations: 'Front, Back',
    inHandsDate: 'Dec 5, 2026',
    accountName: 'Ector County ISD',
    invoiceNumber: 'INV-1001',
    poNumber: 'PO-4471',
    dueDate: 'Dec 28, 2026',
    daysOverdue: '12 days',
    invoiceUrl: `${origin}/invoices/sample`,
    confirmUrl: `${origin}/account-orders/sample`,
    terms: 'Net 30',
    storeName: 'Eagles Golf 2026 team store',
    closesAt: 'Mon, Dec 14, 2026, 8:00 PM CST',
    deliveryWhen: '7–21 working days after the store closes (December 21, 2026 to January 4, 2027)',
    deliveryWhere: 'It comes to Coach Ramirez, bagged with your name, to hand out.',
    chargesText: 'Sales tax: $7.20\nTotal: $97.20',
    chargesHtml:
      '<tr><td>Sales tax</td><td align="right">$7.20</td></tr><tr><td><strong>Total</strong></td><td align="right"><strong>$97.20</strong></td></tr>',
    deliveryText:
      'Everything goes to Coach Ramirez about 7–21 working days after the close, bagged with your name on it.',
    organiserName: 'Coach Ramirez',
    opensAt: 'Tue, Dec 1, 2026, 8:00 AM CST',
    designs: 'Eagles Golf Tee, Eagles Hoodie',
    organiserUrl: `${origin}/stores/organiser/sample`,
    // The invitation to the back office (issue 45).
    staffName: 'Maria Delgado',
    invitedBy: 'The owner',
    roleName: 'Art',
    inviteUrl: `${origin}/staff/invitation/sample`,
    expiresAt: 'Thu, Dec 3, 2026, 8:00 PM CST',
    adminUrl: `${origin}/admin`,
    // A staff password reset (issue 45).
    resetUrl: `${origin}/staff/password-reset/sample`,
    // A customer's sign-in code for My orders (issue 48).
    code: '482913',
    myOrdersUrl: `${origin}/my-orders/link/sample`,
  };
}

/**
 * Renders an unsaved draft as a customer would get it, with a sample order's values, through
 * the same renderer (and sanitiser) the outbox uses: what the admin sees is what would be sent,
 * with the shop's details as Shop settings holds them.
 */
export function previewTemplate(draft: TemplatePreviewRequest, shop: ShopDetails): TemplatePreview {
  const rendered = renderTemplate({ ...draft, bindings: [] }, sampleValues(shop));
  return { subject: rendered.subject, text: rendered.text, html: rendered.html, missing: rendered.missing };
}
