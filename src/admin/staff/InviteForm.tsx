import { type FormEvent, useState } from 'react';
import type { STAFF_ROLE_KEYS } from '../../lib/admin-schemas/staff.ts';
import { ApiError, api, SessionEndedError } from '../api.ts';
import { notify } from '../stores.ts';
import { Button, Select, TextField } from '../ui/controls.tsx';

/** The roles in the owner's words (the server's table says the same and decides). */
export const ROLE_OPTIONS = [
  { id: 'owner', label: 'Owner: everything, including staff and settings' },
  { id: 'office', label: 'Office: quotes, orders, customers, payments, stores' },
  { id: 'art', label: 'Art: artwork and proofs, no money' },
  { id: 'production', label: 'Production: work queue and stages, no money' },
  { id: 'shipping', label: 'Shipping: ready and shipped orders, no money' },
] satisfies { id: (typeof STAFF_ROLE_KEYS)[number]; label: string }[];

/** The message of a refused request, or `fallback`. */
export const message = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

/** Invite by e-mail with a role: the invitation goes out through the shop's e-mail (template "Invitation to the back office"). */
export function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string | null>('office');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      await api.post('admin/staff', { name, email, role });
      notify(`Invitation sent to ${email}.`);
      setName('');
      setEmail('');
      onInvited();
    } catch (e) {
      if (e instanceof SessionEndedError) return;
      const named = e instanceof ApiError ? (e.fields ?? {}) : {};
      setFields(named);
      notify(`Not invited: ${message(e, 'please try again.')}`, 'negative');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="adm-settings" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a person</h2>
      <TextField label="Name" value={name} onChange={setName} errorMessage={fields['name']} />
      <TextField label="E-mail" type="email" value={email} onChange={setEmail} errorMessage={fields['email']} />
      <Select label="Role" options={ROLE_OPTIONS} value={role} onChange={setRole} errorMessage={fields['role']} />
      <Button type="submit" variant="primary" isDisabled={busy}>
        Send invitation
      </Button>
    </form>
  );
}
