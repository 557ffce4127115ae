/**
 * The e-mail templates the shop's own code sends, by the name it looks each one up by
 * (email_templates.name), with the name the owner reads in the admin. The owner may change what
 * they say, but not remove or rename them: the shop would stop sending that e-mail.
 */
export const SYSTEM_TEMPLATES = {
  'order-confirmation': 'Order confirmation',
  'store-order-confirmation': 'Store order confirmation (team and fundraiser stores)',
  'order-in-production': 'Order in production',
  'order-shipped': 'Order shipped',
  'order-ready-for-pickup': 'Order ready for pickup',
  'order-refunded': 'Refund issued',
  'payment-request': 'Payment request',
  'payment-request-reminder': 'Payment request reminder',
  'payment-received': 'Payment received (what is still owed)',
  'order-changed': 'Order changed after payment (the new amount owed)',
  'account-order-confirm': 'Confirm an order on account',
  invoice: 'Invoice (order on account)',
  'bank-payment-failed': 'Bank payment failed',
  'invoice-overdue': 'Invoice overdue reminder',
  'store-order-printing': 'Store order being printed (at the close)',
  'store-minimum-missed': 'Store design missed its minimum (refund)',
  'artwork-reminder': 'Artwork reminder',
  'proof-ready': 'Proof ready for approval',
  'proof-changes-received': 'Proof changes received',
  'proof-approved': 'Proof approved',
  'quote-request-received': 'Quote request received (to the customer)',
  'quote-request-notification': 'New quote request (to the shop)',
  'quote-ready': 'Quote ready',
  'quote-accepted': 'Quote accepted',
  'quote-expiring': 'Quote about to expire',
  'contact-acknowledgement': 'Contact form reply (to the customer)',
  'contact-notification': 'Contact form message (to the shop)',
  'newsletter-welcome': 'Newsletter welcome',
  'store-approval': 'Store sent to its organiser for approval',
  'staff-invitation': 'Invitation to the back office (to a new staff member)',
  'staff-password-reset': 'Password reset (to a staff member who forgot theirs)',
  'customer-sign-in-code': 'Sign-in code for My orders (to the customer)',
  'staff-sign-in-code': 'Sign-in code for the back office (to a staff member)',
} as const;

export type SystemTemplateName = keyof typeof SYSTEM_TEMPLATES;

export const SYSTEM_TEMPLATE_NAMES = Object.keys(SYSTEM_TEMPLATES) as SystemTemplateName[];

export function isSystemTemplate(name: string): name is SystemTemplateName {
  return Object.hasOwn(SYSTEM_TEMPLATES, name);
}

/** The name the owner reads: the human one for the shop's own e-mails, the template's own otherwise. */
export function templateTitle(name: string): string {
  return isSystemTemplate(name) ? SYSTEM_TEMPLATES[name] : name;
}
