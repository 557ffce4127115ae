import { useId, useRef } from 'react';
import { Button } from './controls.tsx';

/** Keeps digits only and puts the hyphens of YYYY-MM-DD in as the admin types (mask ####-##-##). */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-');
}

/**
 * A YYYY-MM-DD text field with a date-picker button. `readOnly` (collections) leaves the picker
 * and Clear as the only ways to change it, so the value is always a well-formed date.
 */
export function DateField({
  label,
  value,
  onChange,
  readOnly,
  errorMessage,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  errorMessage?: string | undefined;
}) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <div className="adm-date">
        <input
          id={id}
          value={value}
          readOnly={readOnly ?? false}
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          pattern="\d{4}-\d{2}-\d{2}"
          aria-invalid={errorMessage ? true : undefined}
          onChange={(e) => onChange(maskDate(e.target.value))}
        />
        <input
          ref={picker}
          type="date"
          className="adm-date-native"
          tabIndex={-1}
          aria-hidden="true"
          value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
        <Button variant="quiet" aria-label={`Pick ${label}`} onPress={openPicker}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 8h14v10H5V10Z"
            />
          </svg>
        </Button>
        {value ? (
          <Button variant="quiet" aria-label={`Clear ${label}`} onPress={() => onChange('')}>
            ×
          </Button>
        ) : null}
      </div>
      {errorMessage ? <span className="adm-field-error">{errorMessage}</span> : null}
    </div>
  );
}

/** A filter value to send: only a complete YYYY-MM-DD, so half-typed dates do not query. */
export const completeDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
