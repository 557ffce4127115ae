import type { AdminBusinessAccount } from '../../lib/admin-schemas/business-accounts.ts';
import { ARTWORK_ACCEPT } from '../../lib/artwork/artwork-schema.ts';
import { api } from '../api.ts';
import { downloadOriginal, useCheckedUpload } from '../artwork-files.ts';
import { Button } from '../ui/controls.tsx';

/**
 * The resale or exemption certificate of a saved, tax-exempt account (docs/decisions/0029-deposits.md): uploaded
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
  const { input, status, setStatus, pending, error, run, upload } = useCheckedUpload(
    'The certificate could not be added.',
    'Choose the certificate file first.',
  );
  if (!accountId) return <p className="adm-hint">Save the account, then add its certificate here.</p>;

  const send = () =>
    upload(async (checked) => {
      const account = await api.post<AdminBusinessAccount>(`admin/business-accounts/${accountId}/certificate`, {
        artwork_id: checked.artworkId,
        owner_token: checked.ownerToken,
      });
      setStatus('Certificate on file.');
      if (account.exemption_certificate_artwork_id) onAttached(account.exemption_certificate_artwork_id);
    });

  return (
    <fieldset className="adm-fieldset">
      <legend>Exemption certificate</legend>
      {certificateId ? (
        <Button
          variant="secondary"
          isDisabled={pending}
          onPress={() => void run(() => downloadOriginal(certificateId))}
        >
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
