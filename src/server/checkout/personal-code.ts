import { Forbidden, Invalid } from '../errors.ts';
import { PERSONAL_CODE_MESSAGES } from '../../lib/cart/personal-code.ts';
import { sameMailbox } from '../../lib/forms/mailbox.ts';
import type { UsableDiscount } from './discounts.ts';

/**
 * A personal code (a newsletter welcome code, discount_codes.email set) may only be used by an
 * order for the mailbox it was sent to (docs/decisions/0013-trust-audit.md). Answers the address the order is bound to:
 * the code's own (the one it was sent to), when the buyer's address reaches the same mailbox
 * (case and +tag folded); null for a code that is not personal. Checked before anything is
 * stored, so a refusal leaves no order, no stock hold and no claim on the code:
 * - no address: 400 invalid_input, `fields[field]` asks for the one the code was sent to;
 * - another mailbox: 403 discount_email_mismatch. Neither answer names the code's address.
 */
export function bindPersonalCode(
  discount: UsableDiscount | null,
  email: string | null,
  field = 'email',
): string | null {
  if (!discount?.email) return null;
  if (!email) {
    const message = PERSONAL_CODE_MESSAGES.emailRequired;
    throw new Invalid('invalid_input', message, { fields: { [field]: message } });
  }
  if (!sameMailbox(email, discount.email)) {
    const message = PERSONAL_CODE_MESSAGES.mismatch;
    throw new Forbidden('discount_email_mismatch', message, { fields: { [field]: message } });
  }
  return discount.email;
}
