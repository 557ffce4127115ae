import { useCallback, useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from './focus-invalid.ts';
import type { FieldErrors } from './schema-check.ts';
import { notify } from './stores.ts';

/**
 * The field messages of a dialog form, and what happens when a save is refused, whether by the
 * server (a 400 or 409 naming fields) or by the same rules run before sending: the messages show
 * at their fields, the first of them is scrolled to and focused, and the notice says the form
 * was not saved. A message no field shows (a rule about the whole form) is said in the notice.
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const shown = useRef<FieldErrors>({});
  shown.current = errors;

  // After the render that put the messages at their fields.
  useEffect(() => {
    if (refusal === 0) return;
    const form = formRef.current;
    const messages = Object.values(shown.current);
    if (form && focusFirstInvalid(form)) {
      notify(
        messages.length === 1 ? 'Not saved: one field needs a change.' : 'Not saved: some fields need a change.',
        'negative',
      );
    } else {
      notify(`Not saved: ${messages.join(' ')}`, 'negative');
    }
  }, [refusal]);

  const refuse = useCallback((fields: FieldErrors) => {
    setErrors(fields);
    setRefusal((n) => n + 1);
  }, []);

  return { errors, setErrors, refuse, formRef };
}
