import { useStore } from '@nanostores/react';
import { type Ref, useId } from 'react';
import { PERSONAL_CODE_MESSAGES } from '../../lib/cart/personal-code.ts';
import { $checkoutEmail, $checkoutEmailError, setCheckoutEmail } from '../../stores/cart.ts';
import styles from './cart.module.css';

/**
 * The e-mail a personal code's checkout needs (docs/decisions/0013-trust-audit.md): shown while such a code is applied.
 * The hint says why without naming the address; the error (the cart's check or checkout's
 * answer, $checkoutEmailError) is announced and tied to the field.
 */
export function PersonalCodeEmail({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  const email = useStore($checkoutEmail);
  const error = useStore($checkoutEmailError);
  const id = useId();
  const described = error ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>E-mail the code was sent to</label>
      <p id={`${id}-hint`} className={styles.hint}>
        {PERSONAL_CODE_MESSAGES.hint}
      </p>
      <input
        ref={inputRef}
        id={id}
        className={styles.emailInput}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        required
        value={email}
        onChange={(event) => setCheckoutEmail(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
