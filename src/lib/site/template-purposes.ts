import { isSystemTemplate, type SystemTemplateName } from './system-templates.ts';

/**
 * What each e-mail the shop sends is for, in the owner's words (issue 44, item 11): the templates
 * list says this instead of a subject full of {{placeholders}}.
 */
const PURPOSES: Record<SystemTemplateName, string> = {
  'order-confirmation': 'To the customer once an order is paid',
  'store-order-confirmation': 'To a team or fundraiser store buyer once their order is paid',
  'order-in-production': 'To the customer when their order goes on the press',
  'order-shipped': 'To the customer when their order ships, with the tracking',
  'order-ready-for-pickup': 'To the customer when their order is ready to collect',
  'order-refunded': 'To the customer when you refund an order',
  'payment-request': 'To the customer with a link to pay what you ask for',
  'payment-request-reminder': 'To the customer when a payment request is still unpaid',
  'payment-received': 'To the customer when a payment arrives, with what is still owed',
  'order-changed': 'To the customer when you change an order after payment',
  'account-order-confirm': 'To a business customer to confirm an order on account',
  invoice: 'To a business customer with the invoice for an order on account',
  'bank-payment-failed': 'To the customer when a bank payment does not go through',
  'invoice-overdue': 'To a business customer when an invoice is past its due date',
  'store-order-printing': 'To store buyers when the store closes and their order is printed',
  'store-minimum-missed': 'To store buyers when a design did not reach its minimum and is refunded',
  'artwork-reminder': 'To the customer when an order still waits for artwork',
  'proof-ready': 'To the customer when a proof is ready to approve',
  'proof-changes-received': 'To the customer when their proof changes have arrived',
  'proof-approved': 'To the customer when they approve a proof',
  'quote-request-received': 'To the customer when their quote request arrives',
  'quote-request-notification': 'To you when a customer asks for a quote',
  'quote-ready': 'To the customer when their quote is ready',
  'quote-accepted': 'To the customer when they accept a quote',
  'quote-expiring': 'To the customer shortly before a quote expires',
  'contact-acknowledgement': 'To the visitor who wrote through the contact form',
  'contact-notification': 'To you when someone writes through the contact form',
  'newsletter-welcome': 'To a new newsletter subscriber',
  'store-approval': 'To a store organiser, to approve the store before it opens',
  'staff-invitation': 'To a person you invite to the back office, to set their password',
  'staff-password-reset': 'To a staff member who asks from the sign-in to reset a forgotten password',
  'customer-sign-in-code': 'To a customer who asks for a code to see their orders (My orders)',
  'staff-sign-in-code': 'To a staff member who asks on the sign-in for a code instead of their password',
};

/** "customerName" as "customer name": a binding's name read as words. */
export function bindingWords(key: string): string {
  return key
    .replace(/[._]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** "{{customerName}}" as "[customer name]": a placeholder read as words. */
export function placeholderWords(text: string): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, key: string) => `[${bindingWords(key)}]`);
}

/** What a template is for: the shop's own e-mails say when they go; the owner's own read their subject. */
export function templatePurpose(template: { name: string; subject: string }): string {
  if (isSystemTemplate(template.name)) return PURPOSES[template.name];
  return placeholderWords(template.subject);
}
