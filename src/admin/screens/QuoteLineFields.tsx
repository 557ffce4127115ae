import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { AreaList, PriceList } from '../../lib/pricing/lists.ts';
import { Checkbox, NumberField, Select, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import { type DraftLine, emptyArea } from './quote-draft.ts';
import { listIdsOf } from './quote-products.ts';
import { AreaInputsFields, LocationInputsFields } from './QuoteListInputs.tsx';

type ProductLine = Extract<DraftLine, { kind: 'product' }>;
type CustomLine = Extract<DraftLine, { kind: 'custom' }>;

/**
 * A catalogue line of the quote editor (docs/decisions/0017-quotes.md): the product, pieces, and
 * what its price lists ask (area, each print location's inputs, dark garment,
 * docs/decisions/0027-price-lists.md), with a note. `at` names a field's error from the server.
 */
export function QuoteProductLine({
  line,
  index,
  product,
  productOptions,
  lists,
  at,
  change,
}: {
  line: ProductLine;
  index: number;
  product: AdminProduct | undefined;
  productOptions: { id: string; label: string }[];
  lists: ReadonlyMap<string, PriceList>;
  at: (name: string) => string | undefined;
  change: (patch: Partial<ProductLine>) => void;
}) {
  return (
    <>
      <Select
        label={`Line ${index + 1}: product`}
        options={productOptions}
        value={line.product_id}
        placeholder="Choose a product"
        onChange={(product_id) => change({ product_id, locations: [], location_inputs: {}, area: emptyArea() })}
      />
      {at('product_id') ? <p className="adm-field-error">{at('product_id')}</p> : null}
      <NumberField
        label="Pieces"
        value={line.quantity}
        onChange={(quantity) => change({ quantity })}
        errorMessage={at('quantity')}
        description={
          product && listIdsOf(product).length > 0
            ? "Priced by the product's price lists."
            : "Priced by the product's quantity tiers."
        }
      />
      {product?.area_list_id && lists.get(product.area_list_id) ? (
        <AreaInputsFields
          list={lists.get(product.area_list_id) as PriceList<AreaList>}
          area={line.area}
          onChange={(area) => change({ area })}
          errorAt={at}
        />
      ) : null}
      {product && product.print_locations.length > 0 ? (
        <fieldset className="adm-choice-list">
          <legend>Print locations</legend>
          {product.print_locations.map((l) => (
            <Checkbox
              key={l.code}
              isSelected={line.locations.includes(l.code)}
              onChange={(on) =>
                change({
                  locations: on ? [...line.locations, l.code] : line.locations.filter((c) => c !== l.code),
                })
              }
            >
              {l.name}
            </Checkbox>
          ))}
        </fieldset>
      ) : null}
      {at('locations') ? <p className="adm-field-error">{at('locations')}</p> : null}
      {product
        ? line.locations.map((code, j) => {
            const location = product.print_locations.find((l) => l.code === code);
            if (!location?.price_list_id) return null;
            return (
              <LocationInputsFields
                key={code}
                location={location}
                list={(lists.get(location.price_list_id) as PriceList<never> | undefined) ?? null}
                inputs={line.location_inputs[code]}
                onChange={(inputs) => change({ location_inputs: { ...line.location_inputs, [code]: inputs } })}
                errorAt={(name) => at(`locations.${j}.${name}`)}
              />
            );
          })
        : null}
      {product && (product.garment_list_id || product.print_locations.some((l) => l.price_list_id)) ? (
        <Checkbox isSelected={line.dark_garment} onChange={(dark_garment) => change({ dark_garment })}>
          Dark garment (dark prices, flash)
        </Checkbox>
      ) : null}
      <TextField
        label="Note on the line (optional)"
        value={line.note}
        onChange={(note) => change({ note })}
        errorMessage={at('note')}
        description="e.g. Black, S-XL"
      />
    </>
  );
}

/** A custom line of the quote editor: description, quantity, price per piece and setup fee. */
export function QuoteCustomLine({
  line,
  index,
  at,
  change,
}: {
  line: CustomLine;
  index: number;
  at: (name: string) => string | undefined;
  change: (patch: Partial<CustomLine>) => void;
}) {
  return (
    <>
      <TextField
        label={`Line ${index + 1}: description`}
        value={line.description}
        onChange={(description) => change({ description })}
        errorMessage={at('description')}
      />
      <NumberField
        label="Quantity"
        value={line.quantity}
        onChange={(quantity) => change({ quantity })}
        errorMessage={at('quantity')}
      />
      <MoneyField
        label="Price per piece"
        cents={line.unit_price_cents}
        onChange={(unit_price_cents) => change({ unit_price_cents })}
        errorMessage={at('unit_price_cents')}
      />
      <MoneyField
        label="Setup fee"
        cents={line.setup_fee_cents}
        onChange={(setup_fee_cents) => change({ setup_fee_cents })}
        errorMessage={at('setup_fee_cents')}
      />
    </>
  );
}
