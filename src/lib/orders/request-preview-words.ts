import type { PaymentRequestPreview } from '../admin-schemas/payment-request.ts';
import { formatUsd } from '../money.ts';

/**
 * What a payment request asks, in the owner's words, before it is sent (issue 44, item 6): what
 * a deposit is a share of, what is already paid and what is still owed, and the amount asked.
 */
export function requestPreviewWords(preview: PaymentRequestPreview): string {
  const total = formatUsd(preview.total_cents);
  const paid = formatUsd(preview.paid_cents);
  const balance = formatUsd(preview.balance_cents);
  const amount = formatUsd(preview.amount_cents);
  if (preview.share) {
    const share = `${preview.share.percent} % of the order total of ${total} is ${formatUsd(preview.share.of_total_cents)}.`;
    const owed = `Already paid ${paid}, balance due ${balance}.`;
    const asks =
      preview.amount_cents < preview.share.of_total_cents
        ? `This asks ${amount}, what is still owed.`
        : `This asks ${amount}.`;
    return `${share} ${owed} ${asks}`;
  }
  if (preview.label === 'Balance') {
    return `The balance due: the order total of ${total} less ${paid} already paid. This asks ${amount}.`;
  }
  return `Part of the balance due of ${balance} (order total ${total}, already paid ${paid}). This asks ${amount}.`;
}
