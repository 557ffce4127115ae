import type { AreaList, DecorationList, PriceList } from '../../lib/pricing/lists.ts';
import { formatCount } from '../../lib/pricing/words.ts';
import { Checkbox, NumberField } from '../ui/controls.tsx';
import { Select } from '../ui/Select.tsx';
import type { DraftArea, DraftInputs } from './quote-draft.ts';

/**
 * A list-priced quote line's inputs (docs/decisions/0027-price-lists.md): per chosen location what its list prices by
 * (ink colours, stitches — the owner types any count, the list's sizes are a hint —, print
 * size), and for a product priced by area its width × height, material and finishing.
 */

export function LocationInputsFields({
  location,
  list,
  inputs,
  onChange,
  errorAt,
}: {
  location: { code: string; name: string };
  list: PriceList<DecorationList> | null;
  inputs: DraftInputs | undefined;
  onChange: (inputs: DraftInputs) => void;
  errorAt: (name: string) => string | undefined;
}) {
  const data = list?.data;
  if (!data || data.method === 'flat') return null;
  if (data.method === 'screen_print') {
    const max = data.grid.cells[0]?.length ?? 0;
    return (
      <NumberField
        label={`${location.name}: ink colours`}
        value={inputs?.colors ?? null}
        onChange={(colors) => onChange({ ...inputs, colors })}
        errorMessage={errorAt('colors')}
        description={`1 to ${max} colours on ${list.name}.`}
      />
    );
  }
  if (data.method === 'embroidery') {
    return (
      <NumberField
        label={`${location.name}: stitches`}
        value={inputs?.stitches ?? null}
        onChange={(stitches) => onChange({ ...inputs, stitches })}
        errorMessage={errorAt('stitches')}
        description={`The digitizer's count, up to ${formatCount(data.max_stitches)}. Sizes customers pick: ${data.size_choices
          .map((s) => `${s.label} (${formatCount(s.stitches)})`)
          .join('; ')}.`}
      />
    );
  }
  return (
    <Select
      label={`${location.name}: print size`}
      options={data.print_sizes.map((s) => ({ id: s.code, label: s.label }))}
      value={inputs?.printSize ?? null}
      placeholder="Choose a print size"
      onChange={(printSize) => onChange({ ...inputs, printSize })}
      errorMessage={errorAt('printSize')}
    />
  );
}

export function AreaInputsFields({
  list,
  area,
  onChange,
  errorAt,
}: {
  list: PriceList<AreaList>;
  area: DraftArea;
  onChange: (area: DraftArea) => void;
  errorAt: (name: string) => string | undefined;
}) {
  return (
    <>
      <NumberField
        label="Width (inches)"
        value={area.widthIn}
        onChange={(widthIn) => onChange({ ...area, widthIn })}
        errorMessage={errorAt('area.widthIn')}
      />
      <NumberField
        label="Height (inches)"
        value={area.heightIn}
        onChange={(heightIn) => onChange({ ...area, heightIn })}
        errorMessage={errorAt('area.heightIn')}
      />
      <Select
        label="Material"
        options={list.data.materials.map((m) => ({ id: m.code, label: m.label }))}
        value={area.material}
        placeholder="Choose a material"
        onChange={(material) => onChange({ ...area, material })}
        errorMessage={errorAt('area.material')}
      />
      {list.data.finishing.length > 0 ? (
        <fieldset className="adm-choice-list">
          <legend>Finishing</legend>
          {list.data.finishing.map((f) => (
            <Checkbox
              key={f.code}
              isSelected={area.finishing.includes(f.code)}
              onChange={(on) =>
                onChange({
                  ...area,
                  finishing: on ? [...area.finishing, f.code] : area.finishing.filter((c) => c !== f.code),
                })
              }
            >
              {f.label}
            </Checkbox>
          ))}
        </fieldset>
      ) : null}
      {errorAt('area') ? <p className="adm-field-error">{errorAt('area')}</p> : null}
    </>
  );
}
