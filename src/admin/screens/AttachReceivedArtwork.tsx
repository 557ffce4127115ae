import { useId, useRef, useState } from 'react';
import { ARTWORK_ACCEPT } from '../../lib/artwork/artwork-schema.ts';
import { ArtworkUploadError, storedOwnerToken, uploadArtwork } from '../../lib/browser/artwork-upload.ts';
import { api } from '../api.ts';
import { Button } from '../ui/controls.tsx';
import { useAction } from '../use-action.ts';

/**
 * Mark artwork received by e-mail (docs/decisions/0028-owner-and-receipts.md): the owner picks the
 * file the customer e-mailed, it is uploaded straight to storage and checked like any customer
 * upload (type by content, size, pixels), then put on this line's location, with no proof sent.
 * Progress and refusals are announced; a refused file is named with the reason and nothing is attached.
 */
export function AttachReceivedArtwork({
  orderId,
  itemId,
  location,
  target,
  onAttached,
}: {
  orderId: string;
  itemId: string;
  location: { code: string; name: string };
  /** "the front of Tourney Tee (Black / M)", to tell one location's field from another's. */
  target: string;
  onAttached: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const { pending, error, setError, run } = useAction('The artwork could not be attached.');

  const attach = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setError('Choose the file the customer sent first.');
      input.current?.focus();
      return;
    }
    setStatus(null);
    await run(async () => {
      try {
        const checked = await uploadArtwork({
          file,
          ownerToken: storedOwnerToken(),
          onProgress: (p) =>
            setStatus(p.stage === 'uploading' ? `Uploading… ${Math.round(p.fraction * 100)}%` : 'Checking the file…'),
        });
        setStatus('Attaching…');
        await api.post(`orders/${orderId}/artwork`, {
          item_id: itemId,
          location: location.code,
          artwork_id: checked.artworkId,
          owner_token: storedOwnerToken(),
        });
      } catch (e) {
        setStatus(null);
        // A refused file (413 too large, 415 not artwork, its check's reason) is named with the reason.
        throw e instanceof ArtworkUploadError ? new Error(`${file.name} was not attached: ${e.message}`) : e;
      }
      setStatus(`Attached ${file.name}.`);
      onAttached();
    });
  };

  return (
    <div className="adm-attach-artwork">
      <label htmlFor={id}>
        Artwork received by e-mail<span className="adm-visually-hidden"> for {target}</span>
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept={ARTWORK_ACCEPT}
        disabled={pending}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
      />
      <Button
        variant="secondary"
        isDisabled={pending}
        aria-label={`Attach artwork to ${target}`}
        onPress={() => void attach()}
      >
        Attach
      </Button>
      <span role="status" aria-live="polite">
        {status}
      </span>
      {error ? (
        <span id={`${id}-error`} role="alert" className="adm-field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
