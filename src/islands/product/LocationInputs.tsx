import { useId } from 'react';
import type { LocationInputs as Inputs } from '../../lib/cart/cart-item.ts';
import type { ProductLocation } from '../../lib/catalog/products.ts';
import styles from '../ProductOptions.module.css';

/**
 * What a location's price list asks of the customer (docs/decisions/0027-price-lists.md), chosen beside the location:
 * screen print's ink colours, embroidery's size in words (its stitches go to checkout) and
 * DTG / DTF / heat transfer's print size. Nothing for a flat-priced location.
 */

/** The inputs a location starts with when chosen: one ink colour, the first size offered. */
export function startingInputs(location: ProductLocation): Inputs {
  const data = location.price_list?.data;
  if (!data) return {};
  if (data.method === 'screen_print') return { colors: 1 };
  if (data.method === 'embroidery') return { stitches: data.size_choices[0]!.stitches };
  if (data.method === 'flat') return {};
  return { printSize: data.print_sizes[0]!.code };
}

/** The ink colours an artwork check counted, within what the location's list prices; null: none. */
export function checkedColors(location: ProductLocation, counted: number | null | undefined): number | null {
  const data = location.price_list?.data;
  if (data?.method !== 'screen_print' || !counted || counted < 1) return null;
  return Math.min(counted, data.grid.cells[0]?.length ?? counted);
}

export function LocationInputs({
  location,
  value,
  error,
  onChange,
}: {
  location: ProductLocation;
  value: Inputs;
  error: string | undefined;
  onChange: (change: Inputs) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const data = location.price_list?.data;
  if (!data || data.method === 'flat') return null;
  const described = error ? errorId : undefined;
  let field: React.ReactNode;
  if (data.method === 'screen_print') {
    const width = data.grid.cells[0]?.length ?? 1;
    field = (
      <label className={styles.listInput}>
        Ink colours, {location.name}{' '}
        <select
          value={value.colors ?? 1}
          aria-describedby={described}
          onChange={(event) => onChange({ colors: Number(event.target.value) })}
        >
          {Array.from({ length: width }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    );
  } else if (data.method === 'embroidery') {
    field = (
      <fieldset className={styles.listInput} aria-describedby={described}>
        <legend>Embroidery size, {location.name}</legend>
        {data.size_choices.map((size) => (
          <label key={size.code}>
            <input
              type="radio"
              name={`stitches-${location.code}`}
              checked={value.stitches === size.stitches}
              onChange={() => onChange({ stitches: size.stitches })}
            />
            {size.label}
          </label>
        ))}
      </fieldset>
    );
  } else {
    field = (
      <label className={styles.listInput}>
        Print size, {location.name}{' '}
        <select
          value={value.printSize ?? data.print_sizes[0]!.code}
          aria-describedby={described}
          onChange={(event) => onChange({ printSize: event.target.value })}
        >
          {data.print_sizes.map((size) => (
            <option key={size.code} value={size.code}>
              {size.label}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <div className={styles.listInputs}>
      {field}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
