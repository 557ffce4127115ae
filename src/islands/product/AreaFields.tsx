import { useId, useState } from 'react';
import type { ChosenArea } from '../../lib/pricing/product-job.ts';
import type { ProductDetail } from '../../lib/catalog/products.ts';
import styles from '../ProductOptions.module.css';
import { fromInches, type LengthUnit, startingUnit, toInches } from './area-units.ts';

const UNIT_WORDS: Record<LengthUnit, string> = { in: 'inches', ft: 'feet' };

type AreaProduct = Pick<ProductDetail, 'area_list' | 'area_bounds'>;

/** "12 in" or, from 4 ft, "6 ft" (a banner reads in feet). */
function length(inches: number): string {
  return inches >= 48 && inches % 12 === 0 ? `${inches / 12} ft` : `${inches} in`;
}

/** "1 to 50 ft", "1 to 12 in": one unit for both ends where the start is whole in the end's unit. */
function range(min: number, max: number): string {
  const end = length(max);
  if (end.endsWith(' ft') && min % 12 === 0) return `${min / 12} to ${end}`;
  if (end.endsWith(' in') && length(min).endsWith(' in')) return `${min} to ${end}`;
  return `${length(min)} to ${end}`;
}

/** "Width 1 to 10 ft, height 1 to 5 ft": the sizes the product is made in. */
export function boundsText(product: AreaProduct): string {
  const b = product.area_bounds;
  const side = (name: string, min: number | null | undefined, max: number | null | undefined) => {
    if (min && max) return `${name} ${range(min, max)}`;
    if (min) return `${name} at least ${length(min)}`;
    if (max) return `${name} up to ${length(max)}`;
    return null;
  };
  const sides = [side('width', b?.min_width_in, b?.max_width_in), side('height', b?.min_height_in, b?.max_height_in)];
  const said = sides.filter(Boolean).join(', ');
  return said ? `${said.charAt(0).toUpperCase()}${said.slice(1)}.` : '';
}

/** What is wrong with a typed size: outside the product's bounds or not a size at all; null: fine. */
export function areaProblem(product: AreaProduct, area: ChosenArea): string | null {
  const b = product.area_bounds;
  const fits = (n: number, min: number | null | undefined, max: number | null | undefined) =>
    n > 0 && (!min || n >= min) && (!max || n <= max);
  if (fits(area.widthIn, b?.min_width_in, b?.max_width_in) && fits(area.heightIn, b?.min_height_in, b?.max_height_in)) {
    return null;
  }
  return `Enter a size we make: ${boundsText(product) || 'a width and a height in inches.'}`;
}

/** The size an area product starts at: its first preset, else its smallest size, in its first material. */
export function startingArea(product: AreaProduct): ChosenArea | null {
  const list = product.area_list?.data;
  if (!list) return null;
  const preset = product.area_bounds?.presets[0];
  const b = product.area_bounds;
  return {
    widthIn: preset?.width_in ?? b?.min_width_in ?? 24,
    heightIn: preset?.height_in ?? b?.min_height_in ?? 24,
    material: list.materials[0]!.code,
    finishing: [],
  };
}

/**
 * Size, material and finishing of a product priced by area (docs/decisions/0027-price-lists.md):
 * its preset sizes in one tap, or width × height typed in feet or inches (converted to inches for the job) within its
 * bounds; the list's materials and finishing.
 */
export function AreaFields({
  product,
  value,
  error,
  onChange,
}: {
  product: AreaProduct;
  value: ChosenArea;
  error: string | undefined;
  onChange: (next: ChosenArea) => void;
}) {
  const id = useId();
  const [unit, setUnit] = useState<LengthUnit>(() => startingUnit(product.area_bounds));
  const list = product.area_list?.data;
  if (!list) return null;
  const b = product.area_bounds;
  const bounds = boundsText(product);
  const typed = (side: 'widthIn' | 'heightIn') => (event: React.ChangeEvent<HTMLInputElement>) => {
    onChange({ ...value, [side]: toInches(Number(event.target.value), unit) });
  };
  const shown = (inches: number | null | undefined) => (inches ? fromInches(inches, unit) : undefined);
  return (
    <fieldset className={styles.locations} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Size and material</legend>
      {b && b.presets.length > 0 && (
        <fieldset className={styles.listInput}>
          <legend>Preset sizes</legend>
          {b.presets.map((p) => (
            <button
              key={p.label}
              type="button"
              className="button secondary"
              aria-pressed={value.widthIn === p.width_in && value.heightIn === p.height_in}
              onClick={() => onChange({ ...value, widthIn: p.width_in, heightIn: p.height_in })}
            >
              {p.label}
            </button>
          ))}
        </fieldset>
      )}
      <fieldset className={styles.listInput}>
        <legend>Type the size in</legend>
        {(['ft', 'in'] as const).map((u) => (
          <label key={u}>
            <input type="radio" name={`${id}-unit`} checked={unit === u} onChange={() => setUnit(u)} />
            {UNIT_WORDS[u].charAt(0).toUpperCase() + UNIT_WORDS[u].slice(1)}
          </label>
        ))}
      </fieldset>
      <label className={styles.listInput}>
        Width ({UNIT_WORDS[unit]}){' '}
        <input
          type="number"
          inputMode="decimal"
          min={shown(b?.min_width_in) ?? 0}
          max={shown(b?.max_width_in)}
          step="any"
          value={value.widthIn ? fromInches(value.widthIn, unit) : ''}
          onChange={typed('widthIn')}
        />
      </label>
      <label className={styles.listInput}>
        Height ({UNIT_WORDS[unit]}){' '}
        <input
          type="number"
          inputMode="decimal"
          min={shown(b?.min_height_in) ?? 0}
          max={shown(b?.max_height_in)}
          step="any"
          value={value.heightIn ? fromInches(value.heightIn, unit) : ''}
          onChange={typed('heightIn')}
        />
      </label>
      {bounds && <p className={styles.note}>{bounds}</p>}
      <fieldset className={styles.listInput}>
        <legend>Material</legend>
        {list.materials.map((m) => (
          <label key={m.code}>
            <input
              type="radio"
              name="material"
              checked={value.material === m.code}
              onChange={() => onChange({ ...value, material: m.code })}
            />
            {m.label}
          </label>
        ))}
      </fieldset>
      {list.finishing.length > 0 && (
        <fieldset className={styles.listInput}>
          <legend>Finishing</legend>
          {list.finishing.map((f) => (
            <label key={f.code}>
              <input
                type="checkbox"
                checked={value.finishing.includes(f.code)}
                onChange={(event) =>
                  onChange({
                    ...value,
                    finishing: event.target.checked
                      ? [...value.finishing, f.code]
                      : value.finishing.filter((c) => c !== f.code),
                  })
                }
              />
              {f.label}
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
