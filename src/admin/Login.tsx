import { useStore } from '@nanostores/react';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import type { AdminLoginAnswer } from '../lib/admin-schemas/auth.ts';
import { ApiError, api, retryAfterSeconds, setToken } from './api.ts';
import { draftTab } from './draft.ts';
import { takeReturn } from './order-link.ts';
import { CodeSignIn } from './staff/CodeSignIn.tsx';
import { ForgotPassword } from './staff/ForgotPassword.tsx';
import { firstTab, loadMe } from './staff/me.ts';
import { $loginMessage, navigate, navigateTo, notify } from './stores.ts';
import { Button, TextField } from './ui/controls.tsx';

export function Login({ shopName }: { shopName: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const message = useStore($loginMessage);

  const signedIn = async (answer: AdminLoginAnswer) => {
    setToken(answer.token);
    $loginMessage.set(null);
    const me = await loadMe();
    // Back to the order a scanned work order asked for, or to the tab whose unsaved form was
    // kept at the 401 (it reopens the dialog).
    const back = takeReturn();
    if (back) navigateTo(back);
    else navigate(draftTab() ?? firstTab(me));
  };

  /** "Sign in with a passkey": the browser offers the passkeys it keeps for this shop. */
  const withPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>('staff/passkey/options', {});
      const response = await startAuthentication({ optionsJSON });
      await signedIn(await api.post<AdminLoginAnswer>('staff/passkey/sign-in', { response }));
    } catch (err) {
      const message =
        err instanceof ApiError ? err.message : 'No passkey was used (cancelled, or none is kept for this shop).';
      setPasskeyError(message);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signedIn(
        await api.post<AdminLoginAnswer>('admin/login', email.trim() ? { email, password } : { password }),
      );
    } catch (err) {
      const wait = err instanceof ApiError && err.status === 429 ? retryAfterSeconds(err) : null;
      if (err instanceof ApiError && err.status === 429) {
        setError(
          wait ? `Too many attempts. Try again in ${wait} seconds.` : 'Too many attempts. Try again in a little while.',
        );
      } else {
        setError('Invalid credentials');
      }
      notify('Login failed', 'negative');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="adm-login">
      <form className="adm-login-card" onSubmit={submit} noValidate>
        <h1>{`${shopName} admin`}</h1>
        {message ? (
          <p className="adm-info" role="status">
            {message}
          </p>
        ) : null}
        <TextField
          label="E-mail"
          description="Staff: your e-mail address. The owner may leave it empty."
          type="email"
          name="email"
          value={email}
          onChange={setEmail}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          value={password}
          onChange={setPassword}
          autoFocus
          errorMessage={error ?? undefined}
        />
        {error ? (
          <p className="adm-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" isDisabled={busy}>
          Login
        </Button>
        {browserSupportsWebAuthn() ? (
          <Button onPress={() => void withPasskey()} isDisabled={busy}>
            Sign in with a passkey
          </Button>
        ) : null}
        {passkeyError ? (
          <p className="adm-error" role="alert">
            {passkeyError}
          </p>
        ) : null}
      </form>
      <CodeSignIn email={email} onSignedIn={(answer) => void signedIn(answer)} />
      <ForgotPassword email={email} />
    </main>
  );
}
