import type { PaymentRequestPreview as Preview } from '../../lib/admin-schemas/payment-request.ts';
import { requestPreviewWords } from '../../lib/orders/request-preview-words.ts';
import { usd } from '../format.ts';
import { Button } from '../ui/controls.tsx';

/**
 * A payment request as it would go out (issue 44, item 6): the amount and what it is worked out
 * from, and the e-mail the customer would get, rendered by the server's outbox renderer. Nothing
 * is stored or sent until the owner presses Send.
 */
export function PaymentRequestPreview({
  preview,
  pending,
  onSend,
  onDiscard,
}: {
  preview: Preview;
  pending: boolean;
  onSend: () => void;
  onDiscard: () => void;
}) {
  const title = `${preview.label}: ${usd(preview.amount_cents)}`;
  return (
    <section aria-label="Payment request preview" className="adm-fieldset">
      <h4>{title}</h4>
      <p>{requestPreviewWords(preview)}</p>
      {preview.mail ? (
        <>
          <p>
            E-mail to <strong>{preview.mail.to}</strong>, subject <strong>{preview.mail.subject}</strong>:
          </p>
          <pre className="adm-sample-text">{preview.mail.text}</pre>
        </>
      ) : (
        <p>The customer's address cannot receive e-mail: the request shows on their order page only.</p>
      )}
      <div className="adm-actions">
        <Button isDisabled={pending} onPress={onSend}>
          {`Send the request for ${usd(preview.amount_cents)}`}
        </Button>
        <Button isDisabled={pending} onPress={onDiscard}>
          Don't send
        </Button>
      </div>
    </section>
  );
}
