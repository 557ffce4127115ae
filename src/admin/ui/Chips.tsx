import { type KeyboardEvent, useId, useState } from 'react';

/** Free-entry chips: Enter or comma adds a value, duplicates are ignored, × removes one. */
export function Chips({
  label,
  values,
  onChange,
  errorMessage,
}: {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  errorMessage?: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const add = () => {
    const value = text.trim();
    if (value && !values.includes(value)) onChange([...values, value]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && values.length) {
      onChange(values.slice(0, -1));
    }
  };
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <ul className="adm-chips" aria-label={`${label} list`}>
        {values.map((value) => (
          <li key={value} className="adm-chip">
            {value}
            <button
              type="button"
              className="adm-notice-close"
              aria-label={`Remove ${value}`}
              onClick={() => onChange(values.filter((v) => v !== value))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className="adm-hint">
        Press Enter to add.
      </span>
      {errorMessage ? <span className="adm-field-error">{errorMessage}</span> : null}
    </div>
  );
}
