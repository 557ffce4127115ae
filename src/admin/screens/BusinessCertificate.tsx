import { useRef, useState } from 'react';
import type { AdminBusinessAccount } from '../../lib/admin-schemas/business-accounts.ts';
import { ARTWORK_ACCEPT } from '../../lib/artwork-schema.ts';
import { storedOwnerToken, uploadArtwork } from '../../lib/artwork-upload.ts';
import { api } from '../api.ts';
import { Button } from '../ui/controls.tsx';
import { useAction } from '../use-action.ts';

/** Asks for a short-lived URL of the certificate and starts its download (an attachment). */
async function download(artworkId: string) {
  const { url, fileName } = await api.get<{ url: string; fileName: string }>(`artwork/${artworkId}/original`);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The resale or exemption certificate of a saved, tax-exempt account (issue #29): uploaded
 * straight to storage and checked like a proof, then put on file at once; private, downloaded
 * by the admin only. Progress and refusals are announced.
 */
export function BusinessCertificate({
  accountId,
  certificateId,
  onAttached,
}: {
  accountId: string | undefined;
  certificateId: string | null;
  onAttached: (artworkId: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const { pending, error, setError, run } = useAction('The certificate could not be added.');
  if (!accountId) return <p className="adm-hint">Save the account, then add its certificate here.</p>;

  const send = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setError('Choose the certificate file first.');
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
      const account = await api.post<AdminBusinessAccount>(`admin/business-accounts/${accountId}/certificate`, {
        artwork_id: checked.artworkId,
        owner_token: storedOwnerToken(),
      });
      setStatus('Certificate on file.');
      if (account.exemption_certificate_artwork_id) onAttached(account.exemption_certificate_artwork_id);
    });
  };

  return (
    <fieldset className="adm-fieldset">
      <legend>Exemption certificate</legend>
      {certificateId ? (
        <Button variant="secondary" isDisabled={pending} onPress={() => void run(() => download(certificateId))}>
          Download certificate
        </Button>
      ) : null}
      <div className="adm-field">
        <label htmlFor={`certificate-${accountId}`}>
          {certificateId ? 'Replace with' : 'Certificate file'} (PDF, PNG, JPEG or SVG, up to 50 MB)
        </label>
        <input id={`certificate-${accountId}`} ref={input} type="file" accept={ARTWORK_ACCEPT} disabled={pending} />
      </div>
      <Button variant="secondary" isDisabled={pending} onPress={() => void send()}>
        Upload certificate
      </Button>
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
