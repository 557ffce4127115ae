import { useState } from 'react';
import { ARTWORK_ACCEPT } from '../../lib/artwork/artwork-schema.ts';
import { api } from '../api.ts';
import { useCheckedUpload } from '../artwork-files.ts';
import { Button, TextField } from '../ui/controls.tsx';

/**
 * Send a proof (docs/decisions/0016-order-workflow.md): the owner picks a PDF or image mock-up, it
 * is uploaded straight to storage and checked like customer artwork, then sent: the order moves to proof sent and the
 * customer gets the e-mail with their link. Progress and refusals are announced.
 */
export function OrderProof({ orderId, onSent }: { orderId: string; onSent: () => void }) {
  const [note, setNote] = useState('');
  const { input, status, setStatus, pending, error, upload } = useCheckedUpload(
    'The proof could not be sent.',
    'Choose the proof file first.',
  );

  const send = () =>
    upload(async (checked) => {
      setStatus('Sending the proof…');
      await api.post(`orders/${orderId}/proofs`, {
        artwork_id: checked.artworkId,
        owner_token: checked.ownerToken,
        note: note.trim() || null,
      });
      setStatus('Proof sent.');
      setNote('');
      onSent();
    });

  return (
    <fieldset className="adm-fieldset">
      <legend>Send a proof</legend>
      <div className="adm-field">
        <label htmlFor={`proof-file-${orderId}`}>Proof file (PDF, PNG, JPEG or SVG, up to 50 MB)</label>
        <input id={`proof-file-${orderId}`} ref={input} type="file" accept={ARTWORK_ACCEPT} disabled={pending} />
      </div>
      <TextField label="Note to the customer (optional)" value={note} onChange={setNote} multiline rows={2} />
      <div className="adm-actions">
        <Button variant="primary" isDisabled={pending} onPress={() => void send()}>
          Upload and send proof
        </Button>
      </div>
      <p role="status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p role="alert" className="adm-field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
