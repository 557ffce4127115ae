import { type FormEvent, useState } from 'react';
import type { AdminLoginAnswer, StaffCodeAsked } from '../../lib/admin-schemas/auth.ts';
import { ApiError, api, retryAfterSeconds } from '../api.ts';
import { Button, TextField } from '../ui/controls.tsx';

/** Words of a refused ask or code: the wait of a 429, else the server's words. */
function refusal(err: unknown): string {
  if (err instanceof ApiError && err.status === 429) {
    const wait = retryAfterSeconds(err);
    return wait ? `Too many tries. Try again in ${Math.ceil(wait / 60)} minutes.` : 'Too many tries. Try again later.';
  }
  return err instanceof Error ? err.message : 'That did not work. Try again.';
}

/**
 * "E-mail me a code" under the sign-in (issue 45): staff type their address, get a six-digit code
 * by e-mail (10 minutes, once) and type it here instead of a password.
 */
export function CodeSignIn({ email: typed, onSignedIn }: { email: string; onSignedIn: (a: AdminLoginAnswer) => void }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(typed);
  const [asked, setAsked] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!open) {
    return (
      <Button
        variant="quiet"
        onPress={() => {
          setEmail(typed);
          setOpen(true);
        }}
      >
        E-mail me a sign-in code
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (asked === null) {
        const answer = await api.post<StaffCodeAsked>('staff/sign-in-code', { email: email.trim() });
        setAsked(answer.message);
      } else {
        onSignedIn(await api.post<AdminLoginAnswer>('staff/sign-in-code', { email: email.trim(), code: code.trim() }));
      }
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="adm-login-card" onSubmit={submit} noValidate aria-labelledby="code-title">
      <h2 id="code-title">Sign in with a code</h2>
      {asked === null ? (
        <TextField
          label="Your e-mail"
          type="email"
          name="code-email"
          value={email}
          onChange={setEmail}
          autoFocus
          errorMessage={error ?? undefined}
        />
      ) : (
        <>
          <p className="adm-info" role="status">
            {asked}
          </p>
          <TextField
            label="Code"
            name="one-time-code"
            description="The six digits from the e-mail."
            value={code}
            onChange={setCode}
            autoFocus
            errorMessage={error ?? undefined}
          />
        </>
      )}
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" isDisabled={busy}>
        {asked === null ? 'E-mail me a code' : 'Sign in'}
      </Button>
    </form>
  );
}
