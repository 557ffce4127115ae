import { useEffect, useState } from 'react';
import type { AdminCollection } from '../../lib/admin-schemas/collections.ts';
import type { AdminSupplier, SupplierStyleAdded } from '../../lib/admin-schemas/supplier-styles.ts';
import { ApiError, api, SessionEndedError } from '../api.ts';
import { watchPublishing } from '../publish.ts';
import { notify } from '../stores.ts';
import { FormDialog } from '../ui/Dialog.tsx';
import { Button, type Option, Select, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';

interface Draft {
  supplier: string | null;
  style: string;
  collection: string | null;
  price_cents: number | null;
}

const EMPTY: Draft = { supplier: 'demo', style: '', collection: null, price_cents: null };

/**
 * Adds a product from a supplier's catalogue by style (issue 47): the supplier sends its colours,
 * sizes, pictures, weights and the SKU and cost of every colour x size; the owner names the
 * collection and the selling price, then reviews the new product like any other.
 */
export function AddFromSupplier({ reload }: { reload: () => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [suppliers, setSuppliers] = useState<Option[]>([]);
  const [collections, setCollections] = useState<Option[]>([]);

  useEffect(() => {
    if (!open) return;
    void Promise.all([
      api.get<{ suppliers: AdminSupplier[] }>('admin/supplier-styles'),
      api.get<AdminCollection[]>('admin/collections'),
    ])
      .then(([s, c]) => {
        setSuppliers(s.suppliers.map((x) => ({ id: x.id, label: x.label })));
        setCollections(c.map((x) => ({ id: x.slug, label: x.name })));
      })
      .catch((e: unknown) => {
        if (!(e instanceof SessionEndedError)) setErrors({ _: 'The suppliers could not be loaded. Please try again.' });
      });
  }, [open]);

  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const added = await api.post<SupplierStyleAdded>('admin/supplier-styles', draft);
      notify(`Added ${added.name}: ${added.colours} colours, ${added.sizes} sizes. Open it to review.`);
      setOpen(false);
      setDraft(EMPTY);
      reload();
      watchPublishing();
    } catch (e) {
      if (e instanceof SessionEndedError) return;
      const fields = e instanceof ApiError ? (e.fields ?? {}) : {};
      setErrors({ ...fields, _: e instanceof Error ? e.message : 'That did not work. Please try again.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button onPress={() => setOpen(true)}>Add from Supplier</Button>
      <FormDialog
        title="Add a Product from a Supplier"
        isOpen={open}
        onClose={() => setOpen(false)}
        onSave={() => void save()}
        isSaving={saving}
      >
        {errors._ ? (
          <p className="adm-error" role="alert">
            {errors._}
          </p>
        ) : null}
        <Select
          label="Supplier"
          options={suppliers}
          value={draft.supplier}
          onChange={(supplier) => change({ supplier })}
          placeholder="Choose a supplier"
          errorMessage={errors.supplier}
        />
        <TextField
          label="Style"
          description="As the supplier lists it, e.g. Gildan 5000 or PC61."
          value={draft.style}
          onChange={(style) => change({ style })}
          errorMessage={errors.style}
          autoFocus
        />
        <Select
          label="Collection"
          options={collections}
          value={draft.collection}
          onChange={(collection) => change({ collection })}
          placeholder="Choose a collection"
          errorMessage={errors.collection}
        />
        <MoneyField
          label="Price (USD)"
          description="What a customer pays for one blank; change it later like any product's."
          cents={draft.price_cents}
          onChange={(price_cents) => change({ price_cents })}
          errorMessage={errors.price_cents}
        />
      </FormDialog>
    </>
  );
}
