import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { api, SessionEndedError } from '../api.ts';
import { ReadStatus } from '../screens/ReadStatus.tsx';
import { notify } from '../stores.ts';
import { ConfirmDialog } from '../ui/Dialog.tsx';
import { Button, Select } from '../ui/controls.tsx';
import { InviteForm, message, ROLE_OPTIONS } from './InviteForm.tsx';
import { $me } from './me.ts';
import { ScrollRegion } from '../ui/ScrollRegion.tsx';

/** One person as GET /api/admin/staff lists them. */
interface Person {
  id: string;
  name: string;
  email: string | null;
  role: string;
  role_name: string;
  status: 'invited' | 'active' | 'suspended';
  status_words: string;
}

/** The owner's Staff screen (issue 45): people with role and status; invite, change role, suspend, remove. */
export function StaffScreen() {
  const me = useStore($me);
  const [people, setPeople] = useState<Person[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Person | null>(null);

  const load = useCallback(() => {
    api
      .get<Person[]>('admin/staff')
      .then(setPeople)
      .catch((e: unknown) => {
        if (!(e instanceof SessionEndedError)) setError(message(e, 'The staff could not be loaded.'));
      });
  }, []);
  useEffect(load, [load]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify(done);
      load();
    } catch (e) {
      if (!(e instanceof SessionEndedError)) notify(message(e, 'That did not work. Please try again.'), 'negative');
    }
  };

  return (
    <section aria-labelledby="staff-title">
      <div className="adm-screen-head">
        <h1 id="staff-title">Staff</h1>
      </div>
      <p>
        Each person signs in as themselves and sees what their role needs. Suspending someone signs them out at once;
        Sign out everywhere ends their sessions but lets them sign in again.
      </p>
      <InviteForm onInvited={load} />
      <ReadStatus error={error} loaded={people !== null} />
      {people ? (
        <ScrollRegion className="adm-table-wrap" label="Staff">
          <table className="adm-table" aria-label="Staff">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.id}>
                  <th scope="row">{person.id === me?.id ? `${person.name} (you)` : person.name}</th>
                  <td>{person.email ?? 'Signs in with the shop password'}</td>
                  <td>
                    <Select
                      label={`Role of ${person.name}`}
                      options={ROLE_OPTIONS}
                      value={person.role}
                      onChange={(role) =>
                        role && role !== person.role
                          ? void act(
                              () => api.put(`admin/staff/${person.id}`, { role }),
                              `${person.name}'s role changed.`,
                            )
                          : undefined
                      }
                    />
                  </td>
                  <td>{person.status_words}</td>
                  <td>
                    <div className="adm-row-actions">
                      {person.status === 'invited' ? (
                        <Button
                          onPress={() =>
                            void act(
                              () => api.post(`admin/staff/${person.id}/invitation`, {}),
                              `A new invitation is on its way to ${person.email}.`,
                            )
                          }
                          aria-label={`Send ${person.name} a new invitation`}
                        >
                          Invite again
                        </Button>
                      ) : null}
                      {person.status === 'active' ? (
                        <Button
                          onPress={() =>
                            void act(
                              () => api.post(`admin/staff/${person.id}/sign-out`, {}),
                              `${person.name} is signed out on every device and may sign in again.`,
                            )
                          }
                          aria-label={`Sign out everywhere: ${person.name}`}
                        >
                          Sign out everywhere
                        </Button>
                      ) : null}
                      {person.status === 'suspended' ? (
                        <Button
                          onPress={() =>
                            void act(
                              () => api.post(`admin/staff/${person.id}/reinstate`, {}),
                              `${person.name} may sign in again.`,
                            )
                          }
                          aria-label={`Reinstate ${person.name}`}
                        >
                          Reinstate
                        </Button>
                      ) : (
                        <Button
                          onPress={() =>
                            void act(
                              () => api.post(`admin/staff/${person.id}/suspend`, {}),
                              `${person.name} is suspended and signed out.`,
                            )
                          }
                          aria-label={`Suspend ${person.name}`}
                        >
                          Suspend
                        </Button>
                      )}
                      <Button variant="danger" onPress={() => setRemoving(person)} aria-label={`Remove ${person.name}`}>
                        Remove
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        message="They are signed out everywhere and can no longer sign in. You can invite them again later."
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const person = removing;
          setRemoving(null);
          if (person) void act(() => api.del(`admin/staff/${person.id}`), `${person.name} is removed.`);
        }}
      />
    </section>
  );
}
