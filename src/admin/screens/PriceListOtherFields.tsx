import type { AreaList, GarmentList, TurnaroundList } from '../../lib/pricing/lists.ts';
import { FINISHING_BASES, finishingAmountLabel } from '../finishing-words.ts';
import { dataError, type ListFieldsProps, newCode, replaceAt } from '../price-list-form.ts';
import { Button, NumberField, Select, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';

/** Extras by size on the blank's price (2XL +$2.00). */
export function GarmentFields({ data, errors, onChange }: ListFieldsProps<GarmentList>) {
  const set = (size_upcharges: GarmentList['size_upcharges']) => onChange({ ...data, size_upcharges });
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Size upcharges</legend>
      {data.size_upcharges.map((u, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
        <fieldset className="adm-fieldset adm-choice-list" key={i}>
          <legend className="adm-visually-hidden">Upcharge {i + 1}</legend>
          <TextField
            label={`Size (upcharge ${i + 1})`}
            value={u.size}
            onChange={(size) => set(replaceAt(data.size_upcharges, i, { size }))}
            errorMessage={dataError(errors, `size_upcharges.${i}.size`)}
          />
          <MoneyField
            label={`Extra for ${u.size || `upcharge ${i + 1}`}`}
            cents={u.cents}
            onChange={(c) => set(replaceAt(data.size_upcharges, i, { cents: c ?? 0 }))}
            errorMessage={dataError(errors, `size_upcharges.${i}.cents`)}
          />
          <Button variant="secondary" onPress={() => set(data.size_upcharges.filter((_, j) => j !== i))}>
            Remove {u.size || `upcharge ${i + 1}`}
          </Button>
        </fieldset>
      ))}
      <Button variant="secondary" onPress={() => set([...data.size_upcharges, { size: '', cents: 0 }])}>
        Add size upcharge
      </Button>
    </fieldset>
  );
}

/** Materials (the grid's columns), what the bands count, minimums and finishing. */
export function AreaFields({ data, errors, onChange }: ListFieldsProps<AreaList>) {
  return (
    <>
      <fieldset className="adm-fieldset adm-wide">
        <legend>Materials and minimums</legend>
        {data.materials.map((m, i) => (
          <TextField
            key={m.code}
            label={`Material ${i + 1}`}
            value={m.label}
            onChange={(label) => onChange({ ...data, materials: replaceAt(data.materials, i, { label }) })}
            errorMessage={dataError(errors, `materials.${i}.label`)}
          />
        ))}
        <Select
          label="Quantity bands count"
          options={[
            { id: 'pieces', label: 'Pieces' },
            { id: 'sqft', label: 'Total square feet' },
          ]}
          value={data.band_basis}
          onChange={(v) => onChange({ ...data, band_basis: v === 'sqft' ? 'sqft' : 'pieces' })}
        />
        <NumberField
          label="Smallest area billed per piece (sq ft)"
          value={data.min_billable_sqft}
          onChange={(v) => onChange({ ...data, min_billable_sqft: v ?? 0 })}
          errorMessage={dataError(errors, 'min_billable_sqft')}
        />
        <MoneyField
          label="Smallest charge per line"
          cents={data.min_charge_cents}
          onChange={(c) => onChange({ ...data, min_charge_cents: c ?? 0 })}
          errorMessage={dataError(errors, 'min_charge_cents')}
        />
      </fieldset>
      <fieldset className="adm-fieldset adm-wide">
        <legend>Finishing</legend>
        {data.finishing.map((f, i) => {
          const name = f.label || `finishing ${i + 1}`;
          const set = (change: Partial<typeof f>) =>
            onChange({ ...data, finishing: replaceAt(data.finishing, i, change) });
          return (
            <fieldset className="adm-fieldset adm-choice-list" key={f.code}>
              <legend className="adm-visually-hidden">Finishing {i + 1}</legend>
              <TextField
                label={`Finishing ${i + 1}`}
                value={f.label}
                onChange={(label) => set({ label })}
                errorMessage={dataError(errors, `finishing.${i}.label`)}
              />
              <Select
                label={`${name} is priced`}
                options={FINISHING_BASES}
                value={f.basis}
                onChange={(v) => set({ basis: (v ?? 'piece') as typeof f.basis })}
              />
              {f.basis === 'percent' ? (
                <NumberField
                  label={finishingAmountLabel(name, f.basis)}
                  value={f.amount}
                  onChange={(v) => set({ amount: v ?? 0 })}
                  errorMessage={dataError(errors, `finishing.${i}.amount`)}
                />
              ) : (
                <MoneyField
                  label={finishingAmountLabel(name, f.basis)}
                  cents={f.amount}
                  onChange={(c) => set({ amount: c ?? 0 })}
                  errorMessage={dataError(errors, `finishing.${i}.amount`)}
                />
              )}
              <Button
                variant="secondary"
                onPress={() => onChange({ ...data, finishing: data.finishing.filter((_, j) => j !== i) })}
              >
                Remove {name}
              </Button>
            </fieldset>
          );
        })}
        <Button
          variant="secondary"
          onPress={() =>
            onChange({
              ...data,
              finishing: [...data.finishing, { code: newCode('finishing'), label: '', basis: 'piece', amount: 0 }],
            })
          }
        >
          Add finishing
        </Button>
      </fieldset>
    </>
  );
}

/** Standard business days and rush options as a percentage. */
export function TurnaroundFields({ data, errors, onChange }: ListFieldsProps<TurnaroundList>) {
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Turnaround</legend>
      <NumberField
        label="Standard business days after proof approval"
        value={data.standard_days}
        onChange={(v) => onChange({ ...data, standard_days: v ?? 0 })}
        errorMessage={dataError(errors, 'standard_days')}
      />
      {data.rush.map((r, i) => {
        const set = (change: Partial<typeof r>) => onChange({ ...data, rush: replaceAt(data.rush, i, change) });
        return (
          <fieldset className="adm-fieldset adm-choice-list" key={r.code}>
            <legend className="adm-visually-hidden">Rush {i + 1}</legend>
            <TextField
              label={`Rush ${i + 1}`}
              value={r.label}
              onChange={(label) => set({ label })}
              errorMessage={dataError(errors, `rush.${i}.label`)}
            />
            <NumberField
              label={`Rush ${i + 1}, business days`}
              value={r.business_days}
              onChange={(v) => set({ business_days: v ?? 0 })}
              errorMessage={dataError(errors, `rush.${i}.business_days`)}
            />
            <NumberField
              label={`Rush ${i + 1}, extra percent`}
              value={r.percent}
              onChange={(v) => set({ percent: v ?? 0 })}
              errorMessage={dataError(errors, `rush.${i}.percent`)}
            />
            <Button
              variant="secondary"
              onPress={() => onChange({ ...data, rush: data.rush.filter((_, j) => j !== i) })}
            >
              Remove rush {i + 1}
            </Button>
          </fieldset>
        );
      })}
      <Button
        variant="secondary"
        onPress={() =>
          onChange({
            ...data,
            rush: [
              ...data.rush,
              { code: newCode('rush'), label: 'Rush', business_days: Math.max(1, data.standard_days - 3), percent: 50 },
            ],
          })
        }
      >
        Add rush option
      </Button>
    </fieldset>
  );
}
