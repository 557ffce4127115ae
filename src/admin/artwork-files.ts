import { useRef, useState } from 'react';
import { storedOwnerToken, uploadArtwork } from '../lib/browser/artwork-upload.ts';
import { api } from './api.ts';
import { useAction } from './use-action.ts';

/**
 * Asks for a short-lived URL of an upload's original and starts its download (an attachment),
 * named `fileName`, else as the server names it.
 */
export async function downloadOriginal(artworkId: string, fileName?: string): Promise<void> {
  const answer = await api.get<{ url: string; fileName?: string }>(`artwork/${artworkId}/original`);
  const link = document.createElement('a');
  link.href = answer.url;
  link.download = fileName ?? answer.fileName ?? '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** A checked upload, as the owner's browser holds it: what an endpoint claims it with. */
export interface CheckedFile {
  artworkId: string;
  ownerToken: string | null;
}

/**
 * An admin file field that uploads straight to storage and has the file checked like customer
 * artwork (a proof, a certificate), then hands it to `claim`. Announces progress in `status`;
 * no file chosen puts `missing` in `error` and focuses the field.
 */
export function useCheckedUpload(failure: string, missing: string) {
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const { pending, error, setError, run } = useAction(failure);
  const upload = async (claim: (file: CheckedFile) => Promise<void>) => {
    const file = input.current?.files?.[0];
    if (!file) {
      setError(missing);
      input.current?.focus();
      return;
    }
    setStatus(null);
    await run(async () => {
      const checked = await uploadArtwork({
        file,
        ownerToken: storedOwnerToken(),
        onProgress: (p) =>
          setStatus(p.stage === 'uploading' ? `Uploading… ${Math.round(p.fraction * 100)}%` : 'Checking the file…'),
      });
      await claim({ artworkId: checked.artworkId, ownerToken: storedOwnerToken() });
    });
  };
  return { input, status, setStatus, pending, error, run, upload };
}
