import { useEffect, useState } from 'react';
import type { AdminCollection } from '../../lib/admin-schemas/collections.ts';
import type { ProductVisibility } from '../../lib/admin-schemas/product-list.ts';
import { api } from '../api.ts';
import type { FilterProps } from '../CrudScreen.tsx';
import { type Option, Select, TextField } from '../ui/controls.tsx';

const VISIBILITY_OPTIONS: { id: ProductVisibility; label: string }[] = [
  { id: 'visible', label: 'Visible in the shop' },
  { id: 'hidden', label: 'Hidden from the shop' },
];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Search, collection and visibility above the Products list (the server filters). */
export function ProductFilters({ query, onChange }: FilterProps) {
  const [collections, setCollections] = useState<Option[]>([]);
  useEffect(() => {
    api
      .get<AdminCollection[]>('admin/collections')
      .then((list) => setCollections(list.map((c) => ({ id: c.slug, label: c.name }))))
      .catch(() => undefined);
  }, []);
  return (
    <search className="adm-filters" aria-label="Product filters">
      <TextField
        label="Search products"
        type="search"
        value={text(query['search'])}
        onChange={(search) => onChange({ search })}
        description="Name, slug or SKU"
      />
      <Select
        label="Collection"
        options={collections}
        value={text(query['collection']) || null}
        onChange={(collection) => onChange({ collection })}
        placeholder="All collections"
        clearable
      />
      <Select
        label="Visibility"
        options={VISIBILITY_OPTIONS}
        value={text(query['visibility']) || null}
        onChange={(visibility) => onChange({ visibility })}
        placeholder="Visible and hidden"
        clearable
      />
    </search>
  );
}
