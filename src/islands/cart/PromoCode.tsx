import { useStore } from '@nanostores/react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../lib/browser/http.ts';
import { $discountCode, applyDiscount, removeDiscount } from '../../stores/cart.ts';
import { Button } from '../ui/Button.tsx';
import styles from './cart.module.css';

/** 'Have a promo code?': apply one code (an empty one does nothing), or remove the applied one. */
export function PromoCode() {
  const code = useStore($discountCode);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const inputId = useId();

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    setError('');
    setPending(true);
    try {
      await applyDiscount(typed);
      setTyped('');
    } catch (failure) {
      console.error('[cart] promo code refused:', failure);
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  if (code) {
    return (
      <p className={styles.applied}>
        <span>Code "{code}" applied</span>
        <Button variant="quiet" onPress={removeDiscount}>
          Remove
        </Button>
      </p>
    );
  }
  return (
    <details className={styles.promo}>
      <summary>Have a promo code?</summary>
      <form className={styles.promoForm} onSubmit={apply}>
        <label htmlFor={inputId} className="visually-hidden">
          Promo code
        </label>
        <input
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <Button type="submit" variant="secondary" isPending={pending}>
          Apply
        </Button>
      </form>
      {error && (
        <p id={`${inputId}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </details>
  );
}
