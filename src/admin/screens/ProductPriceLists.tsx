import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { ListUse } from '../../lib/pricing/list-methods.ts';
import { toNumberOrNull } from '../format.ts';
import { NumberField, type Option, Select } from '../ui/controls.tsx';
import { AreaPresets, type PresetDraft, presetsPayload } from './AreaPresets.tsx';

type Links = Pick<
  AdminProduct,
  | 'garment_list_id'
  | 'area_list_id'
  | 'turnaround_list_id'
  | 'area_min_width_in'
  | 'area_max_width_in'
  | 'area_min_height_in'
  | 'area_max_height_in'
> & { area_presets?: PresetDraft[] };
type Bound = 'area_min_width_in' | 'area_max_width_in' | 'area_min_height_in' | 'area_max_height_in';

interface Props {
  value: Partial<Links>;
  lists: Record<ListUse, Option[]>;
  errors: Record<string, string>;
  onChange: (change: Partial<Links>) => void;
}

/**
 * The product's price lists besides its print locations' (docs/decisions/0027-price-lists.md): size upcharges on the
 * garment, width × height pricing with the sizes a customer may order (in inches), and the
 * turnaround and rush options. Empty: the product's own price, as before.
 */
export function ProductPriceLists({ value, lists, errors, onChange }: Props) {
  const bound = (key: Bound, label: string) => (
    <NumberField
      label={label}
      value={value[key] ?? null}
      onChange={(v) => onChange({ [key]: v })}
      errorMessage={errors[key]}
    />
  );
  const list = (key: 'garment_list_id' | 'area_list_id' | 'turnaround_list_id', label: string, use: ListUse) => (
    <Select
      label={label}
      options={lists[use]}
      value={value[key] ?? null}
      onChange={(id) => onChange({ [key]: id })}
      placeholder="None"
      clearable
      errorMessage={errors[key]}
    />
  );
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Price lists</legend>
      {list('garment_list_id', 'Size upcharges', 'garment')}
      {list('area_list_id', 'Priced by width × height', 'area')}
      {value.area_list_id ? (
        <>
          {bound('area_min_width_in', 'Smallest width (in)')}
          {bound('area_max_width_in', 'Largest width (in)')}
          {bound('area_min_height_in', 'Smallest height (in)')}
          {bound('area_max_height_in', 'Largest height (in)')}
          <AreaPresets
            presets={value.area_presets ?? []}
            errors={errors}
            onChange={(area_presets) => onChange({ area_presets })}
          />
        </>
      ) : null}
      {list('turnaround_list_id', 'Turnaround and rush', 'turnaround')}
    </fieldset>
  );
}

/** The links as the API takes them; bounds and presets only with an area list (none: cleared). */
export function priceListsPayload(f: Partial<Links>): Links {
  const area = f.area_list_id ?? null;
  const measure = (v: number | null | undefined) => (area ? toNumberOrNull(v) : null);
  return {
    garment_list_id: f.garment_list_id ?? null,
    area_list_id: area,
    turnaround_list_id: f.turnaround_list_id ?? null,
    area_min_width_in: measure(f.area_min_width_in),
    area_max_width_in: measure(f.area_max_width_in),
    area_min_height_in: measure(f.area_min_height_in),
    area_max_height_in: measure(f.area_max_height_in),
    area_presets: area ? presetsPayload(f.area_presets ?? []) : [],
  };
}
