import { type FormEvent, useEffect, useState } from 'react';
import type { z } from '../lib/zod.ts';
import { ApiError, api, SessionEndedError } from './api.ts';
import { useFormErrors } from './form-errors.ts';
import { schemaErrors, withoutFixed } from './schema-check.ts';
import { notify } from './stores.ts';

/**
 * A one-row settings screen's form (Payments, Shop settings): loaded from `path`, checked with
 * the schema the server applies, saved with PUT to the same path; a refusal shows at its field.
 */
export function useSettingsForm<Row, Form extends object>(options: {
  path: string;
  formOf: (row: Row) => Form;
  schema: z.ZodType;
  /** "the payment settings": said when they cannot be loaded. */
  what: string;
  /** Said once a save is stored. */
  saved: string;
  afterSave?: () => void;
}) {
  const { path, formOf, schema, what, saved, afterSave } = options;
  const [form, setForm] = useState<Form | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { errors, setErrors, refuse, formRef } = useFormErrors();

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once, when the screen opens.
  useEffect(() => {
    api
      .get<Row>(path)
      .then((row) => setForm(formOf(row)))
      .catch((error: unknown) => {
        if (!(error instanceof SessionEndedError)) setLoadError(`Could not load ${what}.`);
      });
  }, []);

  const change = (patch: Partial<Form>) => {
    setForm((f) => (f ? { ...f, ...patch } : f));
    setErrors((e) => withoutFixed(e, Object.keys(patch)));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || saving) return;
    const refused = schemaErrors(schema, { ...form } as Record<string, unknown>);
    if (refused) return refuse(refused);
    setSaving(true);
    try {
      setForm(formOf(await api.put<Row>(path, form)));
      setErrors({});
      notify(saved);
      afterSave?.();
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) refuse(error.fields);
      else if (!(error instanceof SessionEndedError))
        notify(error instanceof Error ? `Not saved: ${error.message}` : 'Not saved. Please try again.', 'negative');
    } finally {
      setSaving(false);
    }
  };

  return { form, loadError, saving, errors, formRef, change, save };
}
