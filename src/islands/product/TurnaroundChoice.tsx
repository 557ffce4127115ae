import { type TurnaroundChoice as Choice, turnaroundWords } from '../../lib/pricing/turnaround.ts';
import styles from '../ProductOptions.module.css';

/**
 * Standard turnaround and each rush option with the day it is ready and what it adds (issue
 * #27). The choice is the cart's (one rush for the order) and goes to checkout.
 */
export function TurnaroundChoice({
  choices,
  value,
  error,
  onChange,
}: {
  choices: readonly Choice[];
  value: string | null;
  error: string | undefined;
  onChange: (code: string | null) => void;
}) {
  const chosen = choices.some((c) => c.code === value) ? value : null;
  return (
    <fieldset className={styles.locations}>
      <legend>Turnaround</legend>
      {choices.map((c) => (
        <label key={c.code ?? 'standard'} className={styles.location}>
          <input
            type="radio"
            name="rush"
            value={c.code ?? ''}
            checked={chosen === c.code}
            onChange={() => onChange(c.code)}
          />
          {turnaroundWords(c)}
        </label>
      ))}
      <p className={styles.note}>Days count from your proof approval, Monday to Friday.</p>
      {error && <p className={styles.fieldError}>{error}</p>}
    </fieldset>
  );
}
