import { type FormEvent, useState } from 'react';
import type { StaffPasswordResetAnswer } from '../../lib/admin-schemas/auth.ts';
import { ApiError, api, retryAfterSeconds } from '../api.ts';
import { Button, TextField } from '../ui/controls.tsx';

/**
 * "Forgot password" under the sign-in (issue 45): the person types their e-mail address and gets
 * a one-hour link by e-mail. The answer is the same whoever the address belongs to.
 */
export function ForgotPassword({ email: typed }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(typed);
  const [answer, setAnswer] = useState<string | null>(null);
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
        Forgot password?
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const sent = await api.post<StaffPasswordResetAnswer>('staff/password-reset', { email: email.trim() });
      setAnswer(sent.message);
    } catch (err) {
      const wait = err instanceof ApiError && err.status === 429 ? retryAfterSeconds(err) : null;
      if (err instanceof ApiError && err.status === 429) {
        setError(wait ? `Too many requests. Try again in ${Math.ceil(wait / 60)} minutes.` : 'Too many requests.');
      } else {
        setError(err instanceof Error ? err.message : 'That did not work. Try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="adm-login-card" onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <h2 id="forgot-title">Reset your password</h2>
      {answer ? (
        <p className="adm-info" role="status">
          {answer}
        </p>
      ) : (
        <>
          <p>Staff: type the e-mail address you sign in with and we e-mail you a link to set a new password.</p>
          <TextField
            label="Your e-mail"
            type="email"
            name="reset-email"
            value={email}
            onChange={setEmail}
            autoFocus
            errorMessage={error ?? undefined}
          />
          <Button type="submit" variant="primary" isDisabled={busy}>
            E-mail me a link
          </Button>
        </>
      )}
    </form>
  );
}
