import { useId, useState } from 'react';
import { Button } from './Button.tsx';
import styles from './ui.module.css';

interface QuantityStepperProps {
  /** The field's label, e.g. "Quantity" or "Quantity of City Champ Rope Cap". */
  label: string;
  /** Keep the label for assistive technology only (compact cart rows). */
  hideLabel?: boolean;
  value: number;
  /** The minus button stops here. */
  min?: number;
  /** The plus button stops here; undefined = no known limit. */
  max?: number | undefined;
  onChange: (value: number) => void;
  isDisabled?: boolean;
  /** The input's name, for code that reads the field before the island has hydrated. */
  name?: string;
}

/** Minus, a number field and plus. The owner clamps: this only reports what the person asked for. */
export function QuantityStepper(props: QuantityStepperProps) {
  const { label, hideLabel = false, value, min = 1, max, onChange, isDisabled = false, name } = props;
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const of = label.replace(/^Quantity/, '');
  return (
    <div className={styles.stepper}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.stepperRow}>
        <Button
          variant="quiet"
          data-step="down"
          aria-label={`Decrease quantity${of}`}
          isDisabled={isDisabled || value <= min}
          onPress={() => onChange(value - 1)}
        >
          <span aria-hidden="true">−</span>
        </Button>
        <input
          id={id}
          name={name}
          className={styles.quantity}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={draft ?? String(value)}
          disabled={isDisabled}
          onChange={(event) => {
            setDraft(event.target.value);
            const typed = Number.parseInt(event.target.value, 10);
            if (!Number.isNaN(typed)) onChange(typed);
          }}
          onBlur={() => setDraft(null)}
        />
        <Button
          variant="quiet"
          data-step="up"
          aria-label={`Increase quantity${of}`}
          isDisabled={isDisabled || (max !== undefined && value >= max)}
          onPress={() => onChange(value + 1)}
        >
          <span aria-hidden="true">+</span>
        </Button>
      </div>
    </div>
  );
}
