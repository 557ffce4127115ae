import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { cloneFields } from '../lib/clone-values.ts';
import { ApiError, api, SessionEndedError } from './api.ts';
import { setDraftSource, takeDraft } from './draft.ts';
import { watchPublishing } from './publish.ts';
import { notify, type TabId } from './stores.ts';
import { Button } from './ui/controls.tsx';
import { DataTable, type RowAction, type TableColumn } from './ui/DataTable.tsx';
import { ConfirmDialog, FormDialog } from './ui/Dialog.tsx';

/** The form of a dialog: the entity's fields as edited; an id means edit, none means create. */
export type FormValue = Record<string, unknown> & { id?: string | undefined };

export interface FormProps<F extends FormValue> {
  value: F;
  onChange: (patch: Partial<F>) => void;
  /** Field messages from the server's last 400 answer. */
  errors: Record<string, string>;
}

/** The named keys of a form (not FormValue's index signature) whose values are text or unset. */
type TextKey<F> = keyof {
  [K in keyof F as string extends K ? never : F[K] extends string | null | undefined ? K : never]: F[K];
} &
  string;

/**
 * Binds a text field to one key of a form: its value, the change that sets it and the server's
 * message for it. `<TextField label="Name" {...text('name')} />`.
 */
export function textFields<F extends FormValue>({ value, onChange, errors }: FormProps<F>) {
  return (key: TextKey<F>) => ({
    value: value[key] as string | null | undefined,
    onChange: (next: string) => onChange({ [key]: next } as Partial<F>),
    errorMessage: errors[key],
  });
}

export interface CrudConfig<Row extends { id: string }, F extends FormValue> {
  tab: TabId;
  title: string;
  /** Singular, for labels like 'Edit Red'. */
  noun: string;
  listPath: string;
  writePath: string;
  addLabel: string;
  dialogTitle: string;
  fullScreen?: boolean;
  canClone?: boolean;
  /** Fields a clone leaves empty besides the id (e.g. a Stripe Buy Button that sells the original). */
  cloneDrops?: string[];
  /** Unique fields a clone gets a free '-copy' value of (slug, SKU), so its first Save succeeds. */
  cloneUnique?: { key: string; maxLength?: number }[];
  columns: TableColumn<Row>[];
  rowName: (row: Row) => string;
  emptyForm: () => F;
  toForm: (row: Row) => F;
  /** Builds the request body: numbers coerced, read-only fields dropped. */
  toPayload: (form: F) => Record<string, unknown>;
  Form: ComponentType<FormProps<F>>;
  /** Templates show the server's message instead of 'Failed to save'. */
  serverMessageOnSaveError?: boolean;
  /** The public pages show this entity: a save or delete starts "Publishing…" in the header. */
  publishes?: boolean;
  /** Edit loads the full record first when the list rows are summaries. */
  loadOne?: (row: Row) => Promise<Row>;
}

export function CrudScreen<Row extends { id: string }, F extends FormValue>({
  config,
}: {
  config: CrudConfig<Row, F>;
}) {
  const [rows, setRows] = useState<Row[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<F | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const formRef = useRef<F | null>(null);
  formRef.current = form;

  const reload = useCallback(async () => {
    try {
      setRows(await api.get<Row[]>(config.listPath));
      setLoadError(null);
    } catch (error) {
      if (error instanceof SessionEndedError) return;
      setLoadError(error instanceof Error ? error.message : 'Could not load the list.');
    }
  }, [config.listPath]);

  useEffect(() => {
    void reload();
    const draft = takeDraft(config.tab);
    if (draft) setForm(draft as F);
  }, [reload, config.tab]);

  const isOpen = form !== null;
  useEffect(() => {
    if (!isOpen) return;
    setDraftSource(() => ({ tab: config.tab, form: formRef.current ?? {} }));
    return () => setDraftSource(null);
  }, [isOpen, config.tab]);

  const open = (next: F) => {
    setErrors({});
    setForm(next);
  };
  const edit = async (row: Row) => {
    try {
      open(config.toForm(config.loadOne ? await config.loadOne(row) : row));
    } catch (error) {
      if (!(error instanceof SessionEndedError)) notify('Could not load the record.', 'negative');
    }
  };
  const clone = async (row: Row) => {
    try {
      const form = config.toForm(config.loadOne ? await config.loadOne(row) : row);
      open(cloneFields(form, rows, config.cloneDrops, config.cloneUnique) as F);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) notify('Could not load the record.', 'negative');
    }
  };

  const save = async () => {
    if (!form) return;
    setSaving(true);
    try {
      const payload = config.toPayload(form);
      if (form.id) await api.put(`${config.writePath}/${form.id}`, payload);
      else await api.post(config.writePath, payload);
      notify('Saved');
      if (config.publishes) watchPublishing();
      setForm(null);
      await reload();
    } catch (error) {
      if (error instanceof SessionEndedError) return;
      const apiError = error instanceof ApiError ? error : null;
      setErrors(apiError?.fields ?? {});
      notify(config.serverMessageOnSaveError && apiError ? apiError.message : 'Failed to save', 'negative');
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    const row = deleting;
    setDeleting(null);
    try {
      await api.del(`${config.writePath}/${row.id}`);
      notify('Deleted');
      if (config.publishes) watchPublishing();
      await reload();
    } catch (error) {
      if (error instanceof SessionEndedError) return;
      notify('Failed to delete', 'negative');
    }
  };

  const actions: RowAction<Row>[] = [
    { label: 'Edit', onAction: (row) => void edit(row) },
    ...(config.canClone ? [{ label: 'Clone', onAction: (row: Row) => void clone(row) }] : []),
    { label: 'Delete', onAction: setDeleting, variant: 'danger' as const },
  ];
  const { Form } = config;

  return (
    <section className="adm-screen" aria-labelledby={`${config.tab}-title`}>
      <div className="adm-screen-head">
        <h1 id={`${config.tab}-title`}>{config.title}</h1>
        <Button variant="primary" onPress={() => open(config.emptyForm())}>
          {config.addLabel}
        </Button>
      </div>
      {loadError ? (
        <p className="adm-error" role="alert">
          {loadError}
        </p>
      ) : null}
      <DataTable
        label={config.title}
        columns={config.columns}
        rows={rows}
        actions={actions}
        onOpen={(row) => void edit(row)}
        rowName={config.rowName}
      />
      <FormDialog
        title={config.dialogTitle}
        isOpen={form !== null}
        onClose={() => setForm(null)}
        onSave={() => void save()}
        isSaving={saving}
        fullScreen={config.fullScreen ?? false}
      >
        {form ? (
          <Form value={form} onChange={(patch) => setForm((f) => (f ? { ...f, ...patch } : f))} errors={errors} />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete ${config.noun}?`}
        message={deleting ? `Delete ${config.rowName(deleting)}? This cannot be undone.` : ''}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
