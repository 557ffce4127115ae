import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { PasskeyRow } from '../../lib/admin-schemas/passkeys.ts';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import { api, SessionEndedError } from '../api.ts';
import { ReadStatus } from '../screens/ReadStatus.tsx';
import { notify } from '../stores.ts';
import { Button, TextField } from '../ui/controls.tsx';
import { ScrollRegion } from '../ui/ScrollRegion.tsx';

const problem = (e: unknown, fallback: string) => {
  if (e instanceof WebAuthnError || (e instanceof Error && e.name === 'NotAllowedError')) {
    return 'The passkey was not made (cancelled, or the device said no).';
  }
  return e instanceof Error ? e.message : fallback;
};

/** A person's passkeys (issue 45), under My devices: add one with a name, rename it, remove it. */
export function MyPasskeys() {
  const [passkeys, setPasskeys] = useState<PasskeyRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const load = useCallback(() => {
    api
      .get<PasskeyRow[]>('admin/staff/me/passkeys')
      .then(setPasskeys)
      .catch((e: unknown) => {
        if (!(e instanceof SessionEndedError)) setError(problem(e, 'Your passkeys could not be loaded.'));
      });
  }, []);
  useEffect(load, [load]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify(done);
      load();
      return true;
    } catch (e) {
      if (!(e instanceof SessionEndedError)) notify(problem(e, 'That did not work.'), 'negative');
      return false;
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Give the passkey a name, like “Work phone”.');
      return;
    }
    setNameError(null);
    const added = await run(async () => {
      const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>('admin/staff/me/passkey-options', {});
      const response = await startRegistration({ optionsJSON });
      await api.post('admin/staff/me/passkeys', { name: name.trim(), response });
    }, `Passkey “${name.trim()}” added. You can sign in with it.`);
    if (added) setName('');
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const ok = await run(
      () => api.put(`admin/staff/me/passkeys/${editing.id}`, { name: editing.name }),
      `Passkey renamed “${editing.name.trim()}”.`,
    );
    if (ok) setEditing(null);
  };

  return (
    <section aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>
        A passkey signs you in with your phone, computer or security key instead of your password. Add one on each
        device you use; remove one you lose.
      </p>
      <ReadStatus error={error} loaded={passkeys !== null} />
      {passkeys && passkeys.length > 0 ? (
        <ScrollRegion className="adm-table-wrap" label="My passkeys">
          <table className="adm-table" aria-label="My passkeys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Added</th>
                <th scope="col">Last used</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {passkeys.map((passkey) => (
                <tr key={passkey.id}>
                  <th scope="row">
                    {editing?.id === passkey.id ? (
                      <form onSubmit={rename} className="adm-row-actions">
                        <TextField
                          label={`New name for ${passkey.name}`}
                          value={editing.name}
                          onChange={(value) => setEditing({ id: passkey.id, name: value })}
                          autoFocus
                        />
                        <Button type="submit">Save</Button>
                        <Button onPress={() => setEditing(null)}>Cancel</Button>
                      </form>
                    ) : (
                      passkey.name
                    )}
                  </th>
                  <td>{shopDateTimeWords(passkey.created_at)}</td>
                  <td>{passkey.last_used_at ? shopDateTimeWords(passkey.last_used_at) : 'Not yet'}</td>
                  <td>
                    <div className="adm-row-actions">
                      <Button
                        onPress={() => setEditing({ id: passkey.id, name: passkey.name })}
                        aria-label={`Rename passkey ${passkey.name}`}
                      >
                        Rename
                      </Button>
                      <Button
                        variant="danger"
                        onPress={() =>
                          void run(
                            () => api.del(`admin/staff/me/passkeys/${passkey.id}`),
                            `Passkey “${passkey.name}” removed.`,
                          )
                        }
                        aria-label={`Remove passkey ${passkey.name}`}
                      >
                        Remove
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : passkeys ? (
        <p>You have no passkeys yet.</p>
      ) : null}
      {browserSupportsWebAuthn() ? (
        <form onSubmit={add} className="adm-filters" noValidate>
          <TextField
            label="Passkey name"
            description="Which device it is on, like “Work phone”."
            value={name}
            onChange={setName}
            errorMessage={nameError ?? undefined}
          />
          <Button type="submit" variant="primary">
            Add a passkey
          </Button>
        </form>
      ) : (
        <p>This browser cannot make passkeys.</p>
      )}
    </section>
  );
}
