/**
 * What the cart and checkout say about a personal promo code's e-mail (docs/decisions/0013-trust-audit.md: a newsletter
 * welcome code is usable only by an order for the address it was sent to). Shared by the cart
 * island and the server, so both say the same; no imports, so the cart bundle stays small.
 */
export const PERSONAL_CODE_MESSAGES = {
  /** Shown with the applied code (the validate call's `requires_email`); never names the address. */
  hint: 'This code is for one e-mail address. Enter that address to check out with it.',
  emailRequired: 'Enter the e-mail address this code was sent to.',
  invalidEmail: 'Enter a valid e-mail address.',
  mismatch: 'This code was sent to a different e-mail address. Enter the address it was sent to, or remove the code.',
} as const;
