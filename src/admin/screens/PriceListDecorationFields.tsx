import type { EmbroideryList, FlatList, TransferList } from '../../lib/pricing/lists.ts';
import { dataError, type ListFieldsProps, newCode, replaceAt } from '../price-list-form.ts';
import { Button, NumberField, Switch, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';

/** Stitch bands, extras past the last band, the digitizing fee and the sizes customers pick. */
export function EmbroideryFields({
  data,
  errors,
  onChange,
  bands,
}: ListFieldsProps<EmbroideryList> & { bands: string[] }) {
  const extras = data.extra_per_thousand_cents;
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Stitches</legend>
      {data.stitch_bands.map((s, i) => (
        <NumberField
          // biome-ignore lint/suspicious/noArrayIndexKey: bands are edited in place
          key={i}
          label={`Stitch band ${i + 1}: up to (stitches)`}
          value={s}
          onChange={(v) =>
            onChange({ ...data, stitch_bands: data.stitch_bands.map((b, j) => (j === i ? (v ?? 0) : b)) })
          }
          errorMessage={dataError(errors, `stitch_bands.${i}`)}
        />
      ))}
      <NumberField
        label="Most stitches taken"
        value={data.max_stitches}
        onChange={(v) => onChange({ ...data, max_stitches: v ?? 0 })}
        errorMessage={dataError(errors, 'max_stitches')}
      />
      <MoneyField
        label="Digitizing fee, once per design"
        cents={data.digitizing_fee_cents}
        onChange={(c) => onChange({ ...data, digitizing_fee_cents: c ?? 0 })}
        errorMessage={dataError(errors, 'digitizing_fee_cents')}
      />
      <Switch
        isSelected={extras !== null}
        onChange={(on) => onChange({ ...data, extra_per_thousand_cents: on ? bands.map(() => 0) : null })}
      >
        Take designs past the last band, priced per extra 1,000 stitches
      </Switch>
      {extras?.map((cents, r) => (
        <MoneyField
          // biome-ignore lint/suspicious/noArrayIndexKey: one per quantity band
          key={r}
          label={`Per extra 1,000 stitches, from ${bands[r] ?? '?'} pieces`}
          cents={cents}
          onChange={(c) =>
            onChange({ ...data, extra_per_thousand_cents: extras.map((x, j) => (j === r ? (c ?? 0) : x)) })
          }
          errorMessage={dataError(errors, `extra_per_thousand_cents.${r}`)}
        />
      ))}
      {dataError(errors, 'extra_per_thousand_cents') ? (
        <p className="adm-field-error">{dataError(errors, 'extra_per_thousand_cents')}</p>
      ) : null}
      {data.size_choices.map((choice, i) => (
        <fieldset className="adm-fieldset adm-choice-list" key={choice.code}>
          <legend className="adm-visually-hidden">Size choice {i + 1}</legend>
          <TextField
            label={`Size customers pick ${i + 1}`}
            value={choice.label}
            onChange={(label) => onChange({ ...data, size_choices: replaceAt(data.size_choices, i, { label }) })}
            errorMessage={dataError(errors, `size_choices.${i}.label`)}
          />
          <NumberField
            label={`Stitches of size ${i + 1}`}
            value={choice.stitches}
            onChange={(v) => onChange({ ...data, size_choices: replaceAt(data.size_choices, i, { stitches: v ?? 0 }) })}
            errorMessage={dataError(errors, `size_choices.${i}.stitches`)}
          />
        </fieldset>
      ))}
      <Button
        variant="secondary"
        onPress={() =>
          onChange({
            ...data,
            size_choices: [
              ...data.size_choices,
              { code: newCode('size'), label: 'New size', stitches: data.stitch_bands[0] ?? 5000 },
            ],
          })
        }
      >
        Add size choice
      </Button>
    </fieldset>
  );
}

/** The print sizes (the grid's columns) and the setup fee. */
export function TransferFields({ data, errors, onChange }: ListFieldsProps<TransferList>) {
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Print sizes</legend>
      {data.print_sizes.map((size, i) => (
        <fieldset className="adm-fieldset adm-choice-list" key={size.code}>
          <legend className="adm-visually-hidden">Print size {i + 1}</legend>
          <TextField
            label={`Print size ${i + 1}`}
            value={size.label}
            onChange={(label) => onChange({ ...data, print_sizes: replaceAt(data.print_sizes, i, { label }) })}
            errorMessage={dataError(errors, `print_sizes.${i}.label`)}
          />
          <NumberField
            label={`Print size ${i + 1}, widest (in)`}
            value={size.max_width_in}
            onChange={(v) =>
              onChange({ ...data, print_sizes: replaceAt(data.print_sizes, i, { max_width_in: v ?? 0 }) })
            }
            errorMessage={dataError(errors, `print_sizes.${i}.max_width_in`)}
          />
          <NumberField
            label={`Print size ${i + 1}, tallest (in)`}
            value={size.max_height_in}
            onChange={(v) =>
              onChange({ ...data, print_sizes: replaceAt(data.print_sizes, i, { max_height_in: v ?? 0 }) })
            }
            errorMessage={dataError(errors, `print_sizes.${i}.max_height_in`)}
          />
        </fieldset>
      ))}
      <MoneyField
        label="Setup fee, once per design"
        cents={data.setup_fee_cents}
        onChange={(c) => onChange({ ...data, setup_fee_cents: c ?? 0 })}
        errorMessage={dataError(errors, 'setup_fee_cents')}
      />
    </fieldset>
  );
}

export function FlatFields({ data, errors, onChange }: ListFieldsProps<FlatList>) {
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Flat price</legend>
      <MoneyField
        label="Price per piece"
        cents={data.cents_per_piece}
        onChange={(c) => onChange({ ...data, cents_per_piece: c ?? 0 })}
        errorMessage={dataError(errors, 'cents_per_piece')}
      />
      <MoneyField
        label="Setup fee, once per design"
        cents={data.setup_fee_cents}
        onChange={(c) => onChange({ ...data, setup_fee_cents: c ?? 0 })}
        errorMessage={dataError(errors, 'setup_fee_cents')}
      />
    </fieldset>
  );
}
