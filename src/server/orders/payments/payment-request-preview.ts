import type { Kysely } from 'kysely';
import type { PaymentRequestInput, PaymentRequestPreview } from '../../../lib/admin-schemas/payment-request.ts';
import { balanceDue, shareOfTotal } from '../../../lib/orders/order-balance.ts';
import type { Database } from '../../db/types.ts';
import { createPaymentRequest } from './payment-requests.ts';
import { orderMoney } from './record-payment.ts';
import type { StaffActor } from '../order-events.ts';

/** Carries the preview out of the transaction it rolls back. */
class DryRun extends Error {
  readonly preview: PaymentRequestPreview;
  constructor(preview: PaymentRequestPreview) {
    super('payment request preview (rolled back)');
    this.preview = preview;
  }
}

/**
 * What sending `input` would ask and e-mail (issue 44, item 6), without storing anything: the
 * request is made exactly as the send makes it (the same checks, amount and outbox rendering,
 * so the pay-together lines count it too), read back, and the transaction rolled back. A refusal
 * is the send's own (400 with the field, 409 for a cancelled or unpaid order).
 */
export async function previewPaymentRequest(
  db: Kysely<Database>,
  orderId: string,
  input: PaymentRequestInput,
  actor: StaffActor,
): Promise<PaymentRequestPreview> {
  if (db.isTransaction) throw new Error('previewPaymentRequest rolls back: call it outside a transaction');
  try {
    await db.transaction().execute(async (trx) => {
      const { request, mailId } = await createPaymentRequest(trx, orderId, input, actor);
      const money = (await orderMoney(trx, orderId))!;
      const mail = mailId
        ? await trx
            .selectFrom('email_outbox')
            .select(['to_address as to', 'subject', 'text_body as text', 'html_body as html'])
            .where('id', '=', mailId)
            .executeTakeFirstOrThrow()
        : null;
      throw new DryRun({
        label: request.label,
        amount_cents: request.amount_cents,
        total_cents: money.totalCents,
        paid_cents: money.paidCents - money.refundedCents,
        balance_cents: balanceDue(money),
        share:
          input.kind === 'share'
            ? { percent: input.share_percent, of_total_cents: shareOfTotal(money.totalCents, input.share_percent) }
            : null,
        mail,
      });
    });
  } catch (error) {
    if (error instanceof DryRun) return error.preview;
    throw error;
  }
  throw new Error('unreachable: the preview transaction always rolls back');
}
