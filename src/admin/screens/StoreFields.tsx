import { useEffect, useState } from 'react';
import type { AdminPriceList } from '../../lib/admin-schemas/price-lists.ts';
import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import { STORE_PASSWORD_MIN_LENGTH } from '../../lib/admin-schemas/stores.ts';
import type { PriceList } from '../../lib/pricing/lists.ts';
import { api } from '../api.ts';
import { type FormProps, textFields } from '../CrudScreen.tsx';
import { Button, NumberField, Select, Switch, TextField } from '../ui/controls.tsx';
import { PackingSlipsLink } from './PackingSlips.tsx';
import { emptyDesign, type StoreDesignForm, type StoreForm } from './store-form.ts';
import { StoreReport } from './StoreReport.tsx';
import { StoreDesignFields } from './StoreDesignFields.tsx';

const VISIBILITY = [
  { id: 'private', label: 'A private link only' },
  { id: 'public', label: 'A public page' },
];
const MISSED = [
  { id: 'refund', label: 'Refund its buyers' },
  { id: 'print_anyway', label: 'Print it anyway' },
];
const DELIVERY = [
  { id: 'organiser', label: 'In bulk to the organiser, bagged per buyer' },
  { id: 'ship', label: 'Shipped to each buyer' },
];

/** The catalogue's products, and the price lists their locations use, loaded once. */
function useCatalogue() {
  const [products, setProducts] = useState<AdminProduct[]>([]);
  const [lists, setLists] = useState<ReadonlyMap<string, PriceList>>(new Map());
  useEffect(() => {
    let live = true;
    void (async () => {
      const all = await api.get<AdminProduct[]>('admin/products').catch(() => [] as AdminProduct[]);
      if (!live) return;
      setProducts(all);
      const ids = [...new Set(all.flatMap((p) => p.print_locations.map((l) => l.price_list_id)).filter(Boolean))];
      const loaded = await Promise.all(
        ids.map((id) => api.get<AdminPriceList>(`admin/price-lists/${id}`).catch(() => null)),
      );
      if (!live) return;
      setLists(
        new Map(
          loaded
            .filter((l) => l !== null)
            .map((l) => [l.id, { id: l.id, name: l.name, version: l.version, data: l.data }]),
        ),
      );
    })();
    return () => {
      live = false;
    };
  }, []);
  return { products, lists };
}

/** The store form of the Stores tab (docs/decisions/0030-team-stores.md); once approved, only the close can move. */
export function StoreFields(props: FormProps<StoreForm>) {
  const { value: f, onChange, errors } = props;
  const text = textFields<StoreForm>(props);
  const { products, lists } = useCatalogue();
  const [adding, setAdding] = useState<string | null>(null);
  const frozen = f.status === 'approved' || f.status === 'closed';
  const when = (
    <>
      <TextField label="Opens (shop time)" type="datetime-local" {...text('opens_at')} isReadOnly={frozen} />
      <TextField
        label="Closes (shop time)"
        type="datetime-local"
        {...text('closes_at')}
        isReadOnly={f.status === 'closed'}
        description={
          f.status === 'closed'
            ? 'The store has closed: its close stays as it happened.'
            : "Times are the shop's (Central time). A store is open 30 days at most."
        }
      />
    </>
  );
  if (frozen) {
    return (
      <>
        <p className="adm-hint">
          {f.status === 'closed'
            ? `${f.name} has closed: its report and packing slips are below, and nothing of it changes.`
            : `The organiser approved ${f.name}: buyers pay for what it offers, so only its close can move.`}
        </p>
        {when}
        {f.slug && f.status === 'approved' ? (
          <p>
            The store's page, for the organiser to share:{' '}
            <a href={`/stores/${f.slug}`} target="_blank" rel="noopener">
              {`/stores/${f.slug}`}
            </a>
          </p>
        ) : null}
        {f.id ? (
          <>
            {f.status === 'closed' && f.delivery === 'organiser' ? <PackingSlipsLink storeId={f.id} /> : null}
            <StoreReport storeId={f.id} className="adm-wide" />
          </>
        ) : null}
      </>
    );
  }
  const setDesign = (i: number, patch: Partial<StoreDesignForm>) =>
    onChange({ designs: f.designs.map((d, j) => (j === i ? { ...d, ...patch } : d)) });
  const add = () => {
    const product = products.find((p) => p.id === adding);
    if (!product) return;
    onChange({ designs: [...f.designs, emptyDesign(product)] });
    setAdding(null);
  };
  return (
    <>
      {f.status === 'proof_sent' ? (
        <p className="adm-hint">Sent to the organiser: saving a change takes it back, and you send it again.</p>
      ) : null}
      <TextField
        label="Store name"
        {...text('name')}
        autoFocus
        description="The team, school or event, e.g. Eagles Golf 2026."
      />
      <TextField label="Organiser's name" {...text('organiser_name')} />
      <TextField
        label="Organiser's e-mail"
        type="email"
        {...text('organiser_email')}
        description="The approval link goes here."
      />
      <Select
        label="Buyers find it by"
        options={VISIBILITY}
        value={f.visibility}
        onChange={(v) => onChange({ visibility: v === 'public' ? 'public' : 'private' })}
        errorMessage={errors['visibility']}
      />
      <TextField
        label={f.has_password ? 'New store password (optional)' : 'Store password (optional)'}
        type="password"
        {...text('password')}
        description={`Buyers type it once to open the store. At least ${STORE_PASSWORD_MIN_LENGTH} characters.`}
      />
      {f.has_password ? (
        <Switch isSelected={f.remove_password} onChange={(remove_password) => onChange({ remove_password })}>
          Remove the password
        </Switch>
      ) : null}
      {when}
      <NumberField
        label="Minimum per design, pieces"
        value={f.minimum_per_design}
        onChange={(minimum_per_design) => onChange({ minimum_per_design })}
        errorMessage={errors['minimum_per_design']}
      />
      <Select
        label="A design under its minimum"
        options={MISSED}
        value={f.missed_minimum}
        onChange={(v) => onChange({ missed_minimum: v === 'print_anyway' ? 'print_anyway' : 'refund' })}
      />
      <Select
        label="Delivery"
        options={DELIVERY}
        value={f.delivery}
        onChange={(v) => onChange({ delivery: v === 'ship' ? 'ship' : 'organiser' })}
      />
      {errors['designs'] ? <span className="adm-field-error">{errors['designs']}</span> : null}
      {f.designs.map((d, i) => (
        <StoreDesignFields
          key={d.key}
          design={d}
          index={i}
          product={products.find((p) => p.id === d.product_id)}
          lists={lists}
          errors={errors}
          onChange={(patch) => setDesign(i, patch)}
          onRemove={() => onChange({ designs: f.designs.filter((_, j) => j !== i) })}
        />
      ))}
      <div className="adm-choice-list">
        <Select
          label="Product for a new design"
          options={products.map((p) => ({ id: p.id, label: p.name }))}
          value={adding}
          placeholder="Choose a product"
          onChange={setAdding}
        />
        <Button variant="secondary" onPress={add} isDisabled={!adding}>
          Add design
        </Button>
      </div>
    </>
  );
}
