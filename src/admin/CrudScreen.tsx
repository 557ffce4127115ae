import { useEffect, useRef, useState } from 'react';
import { cloneFields } from '../lib/catalog/clone-values.ts';
import { slugFollowsName, slugFromName } from '../lib/catalog/slug.ts';
import { ApiError, api, type Query, SessionEndedError } from './api.ts';
import type { CrudConfig, FormValue, SaveQuestion } from './crud-config.ts';
import { isDirty, snapshotOf, useDiscardGuard } from './discard-guard.tsx';
import { setDraftSource, takeDraft } from './draft.ts';
import { useFormErrors } from './form-errors.ts';
import { watchPublishing } from './publish.ts';
import { withoutFixed } from './schema-check.ts';
import { notify } from './stores.ts';
import { Button } from './ui/controls.tsx';
import { DataTable, type RowAction } from './ui/DataTable.tsx';
import { ConfirmDialog, FormDialog } from './ui/Dialog.tsx';
import { Pager } from './ui/Pager.tsx';
import { usePagedList, useWholeList } from './use-crud-list.ts';

export {
  type CrudConfig,
  type FilterProps,
  type FormProps,
  type FormValue,
  type SaveQuestion,
  textFields,
} from './crud-config.ts';

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
  // The form as it opened: closing a form that differs asks first (discard-guard.tsx).
  const [opened, setOpened] = useState<string | null>(null);
  const guard = useDiscardGuard(isDirty(opened, form));

  useEffect(() => {
    const draft = takeDraft(config.tab);
    if (draft) {
      setOpened(null);
      setForm(draft as F);
    }
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
    setOpened(snapshotOf(next));
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
        <div className="adm-screen-head-actions">
          {config.HeadActions ? <config.HeadActions reload={reload} /> : null}
          <Button variant="primary" onPress={() => open(config.emptyForm())}>
            {config.addLabel}
          </Button>
        </div>
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
        onClose={() => guard.close(() => setForm(null))}
        onSave={() => void save()}
        isSaving={saving}
        fullScreen={config.fullScreen ?? false}
        canSave={form ? (config.canSave?.(form) ?? true) : true}
        formRef={formRef}
      >
        {form ? <Form value={form} onChange={update} errors={errors} /> : null}
      </FormDialog>
      {guard.dialog}
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
