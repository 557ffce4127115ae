import { Button, NumberField, type Option, Select, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';

/** A print location as the form holds it while it is typed; `code` is kept from the saved row. */
export type LocationDraft = {
  code?: string;
  name: string;
  price_cents_per_piece: number | null;
  setup_fee_cents: number | null;
  /** Inches; null (or absent) while not set. */
  print_width_in?: number | null;
  /** The decoration price list pricing it (docs/decisions/0027-price-lists.md); null: its own prices. */
  price_list_id?: string | null;
};

interface Props {
  locations: LocationDraft[];
  /** The shop's decoration price lists (screen print, embroidery, DTG…), by name and method. */
  lists: readonly Option[];
  errors: Record<string, string>;
  onChange: (locations: LocationDraft[]) => void;
}

/**
 * Where the product can be printed (docs/decisions/0015-print-ordering.md): each location with its
 * price per printed piece, its one-time setup fee (per design on an order) and how wide it prints
 * in inches (docs/decisions/0027-price-lists.md: the artwork check tells customers the DPI their
 * file has at that width). Customers see them in this order. A saved location keeps its code when
 * renamed, so carts that chose it still name it; a new one gets a code from its name. The server
 * checks names, money and duplicates.
 */
export function ProductLocations({ locations, lists, errors, onChange }: Props) {
  const set = (index: number, change: Partial<LocationDraft>) =>
    onChange(locations.map((l, i) => (i === index ? { ...l, ...change } : l)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...locations];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    onChange(next);
  };
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Print locations</legend>
      {locations.length === 0 ? <p>No print locations: customers buy the product as it is.</p> : null}
      {locations.map((location, index) => {
        const row = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
          <fieldset className="adm-fieldset adm-choice-list" key={index}>
            <legend className="adm-visually-hidden">Location {row}</legend>
            <TextField
              label={`Location ${row}`}
              value={location.name}
              onChange={(name) => set(index, { name })}
              errorMessage={errors[`print_locations.${index}.name`] ?? errors[`print_locations.${index}.code`]}
            />
            <MoneyField
              label={`Price per piece (location ${row})`}
              cents={location.price_cents_per_piece}
              onChange={(price_cents_per_piece) => set(index, { price_cents_per_piece })}
              errorMessage={errors[`print_locations.${index}.price_cents_per_piece`]}
            />
            <MoneyField
              label={`Setup fee (location ${row})`}
              cents={location.setup_fee_cents}
              onChange={(setup_fee_cents) => set(index, { setup_fee_cents })}
              errorMessage={errors[`print_locations.${index}.setup_fee_cents`]}
            />
            <NumberField
              label={`Print width in inches (location ${row})`}
              value={location.print_width_in ?? null}
              onChange={(print_width_in) => set(index, { print_width_in })}
              description="How wide the print is; leave empty if it varies."
              errorMessage={errors[`print_locations.${index}.print_width_in`]}
            />
            <Select
              label={`Price list (location ${row})`}
              options={lists}
              value={location.price_list_id ?? null}
              onChange={(price_list_id) => set(index, { price_list_id })}
              placeholder="Its own price and setup fee"
              clearable
              errorMessage={errors[`print_locations.${index}.price_list_id`]}
            />
            {index > 0 ? (
              <Button variant="secondary" onPress={() => move(index, -1)}>
                Move location {row} up
              </Button>
            ) : null}
            <Button variant="secondary" onPress={() => onChange(locations.filter((_, i) => i !== index))}>
              Remove location {row}
            </Button>
          </fieldset>
        );
      })}
      <Button
        variant="secondary"
        isDisabled={locations.length >= 8}
        onPress={() =>
          onChange([...locations, { name: '', price_cents_per_piece: 0, setup_fee_cents: 0, print_width_in: null }])
        }
      >
        Add print location
      </Button>
      {errors['print_locations'] ? <p className="adm-field-error">{errors['print_locations']}</p> : null}
    </fieldset>
  );
}

/** The locations as the API takes them, in the form's order (so its errors name the rows). */
export function locationsPayload(locations: LocationDraft[]) {
  return locations.map((l) => ({
    ...(l.code ? { code: l.code } : {}),
    name: l.name,
    price_cents_per_piece: l.price_cents_per_piece ?? 0,
    setup_fee_cents: l.setup_fee_cents ?? 0,
    print_width_in: l.print_width_in ?? null,
    price_list_id: l.price_list_id ?? null,
  }));
}
