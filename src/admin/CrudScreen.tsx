import { type ComponentType, useEffect, useRef, useState } from 'react';
import { cloneFields } from '../lib/catalog/clone-values.ts';
import { slugFollowsName, slugFromName } from '../lib/catalog/slug.ts';
import { ApiError, api, type Query, SessionEndedError } from './api.ts';
import { setDraftSource, takeDraft } from './draft.ts';
import { useFormErrors } from './form-errors.ts';
import { watchPublishing } from './publish.ts';
import { type FieldErrors, withoutFixed } from './schema-check.ts';
import { notify, type TabId } from './stores.ts';
import { Button } from './ui/controls.tsx';
import { DataTable, type RowAction, type TableColumn } from './ui/DataTable.tsx';
import { ConfirmDialog, FormDialog } from './ui/Dialog.tsx';
import { Pager } from './ui/Pager.tsx';
import { usePagedList, useWholeList } from './use-crud-list.ts';

/** The form of a dialog: the entity's fields as edited; an id means edit, none means create. */
export type FormValue = Record<string, unknown> & { id?: string | undefined };

export interface FormProps<F extends FormValue> {
  value: F;
  onChange: (patch: Partial<F>) => void;
  /** Field messages of the last refused save (the server's, or the same rules run before sending). */
  errors: Record<string, string>;
}

/** The filters of a paged list: the query they send, and a change to it (which goes back to page 1). */
export interface FilterProps {
  query: Query;
  onChange: (patch: Query) => void;
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

export interface CrudConfig<Row extends { id: string }, F extends FormValue, Full extends { id: string } = Row> {
  tab: TabId;
  title: string;
  /** Singular, for labels like 'Edit Red'. */
  noun: string;
  listPath: string;
  writePath: string;
  addLabel: string;
  dialogTitle: string;
  fullScreen?: boolean;
  /** Whether the open record can be saved at all (a closed store cannot): without it the dialog only reads. */
  canSave?: (form: F) => boolean;
  canClone?: boolean;
  /** Fields a clone leaves empty besides the id (e.g. a Stripe Buy Button that sells the original). */
  cloneDrops?: string[];
  /** Unique fields a clone gets a free '-copy' value of (slug, SKU), so its first Save succeeds. */
  cloneUnique?: { key: string; maxLength?: number }[];
  /**
   * The records a clone's unique values must differ from, when the list holds only some of them
   * (a paged list); by default the rows on screen.
   */
  cloneTaken?: (row: Row) => Promise<readonly object[]>;
  columns: TableColumn<Row>[];
  rowName: (row: Row) => string;
  emptyForm: () => F;
  toForm: (row: Full) => F;
  /** Builds the request body: numbers coerced, read-only fields dropped. */
  toPayload: (form: F) => Record<string, unknown>;
  /**
   * The save's rules checked before sending (the server's own schema, see schema-check.ts): its
   * messages show at their fields at once. The server still decides what only it knows.
   */
  check?: (payload: Record<string, unknown>, isNew: boolean) => FieldErrors | null;
  /** A save the owner may not mean (a product published sold out) asks first: what to ask, or null. */
  confirmSave?: (payload: Record<string, unknown>) => SaveQuestion | null;
  Form: ComponentType<FormProps<F>>;
  /** A new record's slug is made from its name as the owner types, until the owner edits the slug. */
  slugFromName?: boolean;
  /** Rows that may not be deleted get no Delete (the server refuses them too). */
  canDelete?: (row: Row) => boolean;
  /** The public pages show this entity: a save or delete starts "Publishing…" in the header. */
  publishes?: boolean;
  /** Edit loads the full record first when the list rows are summaries. */
  loadOne?: (row: Row) => Promise<Full>;
  /**
   * The server filters and pages the list: `listPath` answers { rows, total } for the query the
   * `Filters` set plus `limit` and `offset`.
   */
  paging?: { pageSize: number; plural: string; Filters: ComponentType<FilterProps> };
  /** Row actions of the entity's own (a store's Send to the organiser), given the list's reload. */
  rowActions?: (reload: () => void) => RowAction<Row>[];
}

export interface SaveQuestion {
  title: string;
  message: string;
  confirmLabel: string;
}

/** The form after a change; a new record's slug follows its name (slugFromName). */
function changed<F extends FormValue>(form: F, patch: Partial<F>, slugFromNameOn: boolean): F {
  const next = { ...form, ...patch };
  if (slugFromNameOn && 'name' in patch && !('slug' in patch) && slugFollowsName(form)) {
    return { ...next, slug: slugFromName(String(next['name'] ?? '')) };
  }
  return next;
}

export function CrudScreen<Row extends { id: string }, F extends FormValue, Full extends { id: string } = Row>({
  config,
}: {
  config: CrudConfig<Row, F, Full>;
}) {
  const { paging } = config;
  const [query, setQuery] = useState<Query>({});
  const [offset, setOffset] = useState(0);
  const paged = usePagedList<Row>(config.listPath, query, offset, paging?.pageSize ?? 0, Boolean(paging));
  const whole = useWholeList<Row>(config.listPath, !paging);
  const { rows, total, error: loadError, loading, reload } = paging ? paged : whole;
  const [form, setForm] = useState<F | null>(null);
  const { errors, setErrors, refuse, formRef } = useFormErrors();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [asking, setAsking] = useState<SaveQuestion | null>(null);
  const current = useRef<F | null>(null);
  current.current = form;

  useEffect(() => {
    const draft = takeDraft(config.tab);
    if (draft) setForm(draft as F);
  }, [config.tab]);

  // A delete that emptied the last page shows the page before it.
  useEffect(() => {
    if (paging && offset > 0 && offset >= total && total > 0) setOffset(Math.max(0, total - paging.pageSize));
  }, [paging, offset, total]);

  const isOpen = form !== null;
  useEffect(() => {
    if (!isOpen) return;
    setDraftSource(() => ({ tab: config.tab, form: current.current ?? {} }));
    return () => setDraftSource(null);
  }, [isOpen, config.tab]);

  const open = (next: F) => {
    setErrors({});
    setForm(next);
  };
  const full = async (row: Row): Promise<Full> => (config.loadOne ? config.loadOne(row) : (row as unknown as Full));
  const edit = async (row: Row) => {
    try {
      open(config.toForm(await full(row)));
    } catch (error) {
      if (!(error instanceof SessionEndedError)) notify('Could not load the record.', 'negative');
    }
  };
  const clone = async (row: Row) => {
    try {
      const [record, taken] = await Promise.all([full(row), config.cloneTaken?.(row) ?? rows]);
      open(cloneFields(config.toForm(record), taken, config.cloneDrops, config.cloneUnique) as F);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) notify('Could not load the record.', 'negative');
    }
  };

  const save = async (confirmed = false) => {
    if (!form) return;
    const payload = config.toPayload(form);
    const refused = config.check?.(payload, !form.id);
    if (refused) {
      refuse(refused);
      return;
    }
    const question = confirmed ? null : (config.confirmSave?.(payload) ?? null);
    if (question) return setAsking(question);
    setSaving(true);
    try {
      if (form.id) await api.put(`${config.writePath}/${form.id}`, payload);
      else await api.post(config.writePath, payload);
      notify('Saved');
      if (config.publishes) watchPublishing();
      setForm(null);
      reload();
    } catch (error) {
      if (error instanceof SessionEndedError) return;
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.fields && Object.keys(apiError.fields).length > 0) refuse(apiError.fields);
      else {
        setErrors({});
        notify(apiError ? `Not saved: ${apiError.message}` : 'Not saved. Please try again.', 'negative');
      }
    } finally {
      setSaving(false);
    }
  };

  const update = (patch: Partial<F>) => {
    setForm((f) => (f ? changed(f, patch, config.slugFromName ?? false) : f));
    setErrors((e) => withoutFixed(e, Object.keys(patch)));
  };

  const remove = async () => {
    if (!deleting) return;
    const row = deleting;
    setDeleting(null);
    try {
      await api.del(`${config.writePath}/${row.id}`);
      notify('Deleted');
      if (config.publishes) watchPublishing();
      reload();
    } catch (error) {
      if (error instanceof SessionEndedError) return;
      notify(
        error instanceof ApiError ? `Not deleted: ${error.message}` : 'Not deleted. Please try again.',
        'negative',
      );
    }
  };

  const actions: RowAction<Row>[] = [
    { label: 'Edit', onAction: (row) => void edit(row) },
    ...(config.canClone ? [{ label: 'Clone', onAction: (row: Row) => void clone(row) }] : []),
    ...(config.rowActions?.(reload) ?? []),
    {
      label: 'Delete',
      onAction: setDeleting,
      variant: 'danger' as const,
      ...(config.canDelete ? { isAvailable: config.canDelete } : {}),
    },
  ];
  const { Form } = config;
  const filtering = Object.values(query).some((v) => v !== undefined && v !== null && v !== '');

  return (
    <section className="adm-screen" aria-labelledby={`${config.tab}-title`}>
      <div className="adm-screen-head">
        <h1 id={`${config.tab}-title`}>{config.title}</h1>
        <Button variant="primary" onPress={() => open(config.emptyForm())}>
          {config.addLabel}
        </Button>
      </div>
      {paging ? (
        <paging.Filters
          query={query}
          onChange={(patch) => {
            setQuery((q) => ({ ...q, ...patch }));
            setOffset(0);
          }}
        />
      ) : null}
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
        {...(loading
          ? { emptyText: 'Loading…' }
          : paging && filtering
            ? { emptyText: `No ${paging.plural} match these filters.` }
            : {})}
      />
      {paging && !loading ? (
        <Pager
          label={`${config.title} pages`}
          plural={paging.plural}
          offset={offset}
          pageSize={paging.pageSize}
          shown={rows.length}
          total={total}
          onOffset={setOffset}
        />
      ) : null}
      <FormDialog
        title={config.dialogTitle}
        isOpen={form !== null}
        onClose={() => setForm(null)}
        onSave={() => void save()}
        isSaving={saving}
        fullScreen={config.fullScreen ?? false}
        canSave={form ? (config.canSave?.(form) ?? true) : true}
        formRef={formRef}
      >
        {form ? <Form value={form} onChange={update} errors={errors} /> : null}
      </FormDialog>
      <ConfirmDialog
        isOpen={asking !== null}
        title={asking?.title ?? ''}
        message={asking?.message ?? ''}
        confirmLabel={asking?.confirmLabel ?? ''}
        onConfirm={() => {
          setAsking(null);
          void save(true);
        }}
        onCancel={() => setAsking(null)}
      />
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
