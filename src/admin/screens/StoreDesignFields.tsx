import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { PriceList } from '../../lib/pricing/lists.ts';
import { Button, Checkbox, NumberField, Select, Switch, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import type { FundraisingKind, StoreDesignForm } from './store-form.ts';
import { StoreLocationFields } from './StoreLocationFields.tsx';

const FUNDRAISING = [
  { id: 'none', label: 'Nothing' },
  { id: 'amount', label: 'A fixed amount a piece' },
  { id: 'share', label: 'A share of the price' },
];

/** Ticks of a list of options (colours, sizes) in a group with its own legend and message. */
function Ticks({
  legend,
  options,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  options: { id: string; name: string }[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className="adm-fieldset">
      <legend>{legend}</legend>
      <div className="adm-choice-list">
        {options.map((o) => (
          <Checkbox
            key={o.id}
            isSelected={chosen.includes(o.id)}
            onChange={(on) =>
              onChange(options.filter((x) => (x.id === o.id ? on : chosen.includes(x.id))).map((x) => x.id))
            }
          >
            {o.name}
          </Checkbox>
        ))}
      </div>
      {error ? <span className="adm-field-error">{error}</span> : null}
    </fieldset>
  );
}

/**
 * One design of a store (docs/decisions/0030-team-stores.md): what it is, what it is printed with,
 * what it costs and raises.
 */
export function StoreDesignFields({
  design: d,
  index,
  product,
  lists,
  onChange,
  onRemove,
  errors,
}: {
  design: StoreDesignForm;
  index: number;
  product: AdminProduct | undefined;
  lists: ReadonlyMap<string, PriceList>;
  onChange: (patch: Partial<StoreDesignForm>) => void;
  onRemove: () => void;
  errors: Record<string, string>;
}) {
  const at = (name: string) => errors[`designs.${index}.${name}`];
  const label = d.name || d.product_name;
  return (
    <fieldset className="adm-fieldset adm-wide adm-store-design">
      <legend>
        Design {index + 1}: {d.product_name}
      </legend>
      {at('product_id') ? <span className="adm-field-error">{at('product_id')}</span> : null}
      <TextField
        label={`Design name (design ${index + 1})`}
        value={d.name}
        onChange={(name) => onChange({ name })}
        errorMessage={at('name')}
        description="What buyers see, e.g. Eagles Golf Tee, front logo."
      />
      {product ? (
        <>
          <Ticks
            legend={`Colours of ${label}`}
            options={product.colors}
            chosen={d.color_ids}
            onChange={(color_ids) => onChange({ color_ids })}
            error={at('color_ids')}
          />
          <Ticks
            legend={`Sizes of ${label}`}
            options={product.sizes}
            chosen={d.size_ids}
            onChange={(size_ids) => onChange({ size_ids })}
            error={at('size_ids')}
          />
          <StoreLocationFields
            product={product}
            lists={lists}
            locations={d.locations}
            onChange={(locations) => onChange({ locations })}
            errorAt={at}
            designLabel={label}
          />
        </>
      ) : (
        <p>Loading the product…</p>
      )}
      <MoneyField
        label={`Price a piece (design ${index + 1})`}
        cents={d.price_cents}
        onChange={(price_cents) => onChange({ price_cents })}
        errorMessage={at('price_cents')}
      />
      <Select
        label={`Raised for the organiser (design ${index + 1})`}
        options={FUNDRAISING}
        value={d.fundraising}
        onChange={(id) => onChange({ fundraising: (id ?? 'none') as FundraisingKind })}
      />
      {d.fundraising === 'amount' ? (
        <MoneyField
          label={`Raised a piece (design ${index + 1})`}
          cents={d.fundraising_cents}
          onChange={(fundraising_cents) => onChange({ fundraising_cents })}
          errorMessage={at('fundraising_cents')}
          description="At most the price of a piece."
        />
      ) : null}
      {d.fundraising === 'share' ? (
        <NumberField
          label={`Share of the price, % (design ${index + 1})`}
          value={d.fundraising_percent}
          onChange={(fundraising_percent) => onChange({ fundraising_percent })}
          errorMessage={at('fundraising_bp')}
        />
      ) : null}
      <Switch isSelected={d.name_on} onChange={(name_on) => onChange({ name_on })}>
        Buyers may add a name (design {index + 1})
      </Switch>
      {d.name_on ? (
        <div className="adm-choice-list">
          <MoneyField
            label={`Price of a name (design ${index + 1})`}
            cents={d.name_price_cents}
            onChange={(name_price_cents) => onChange({ name_price_cents })}
            errorMessage={at('personalise_name.price_cents')}
          />
          <NumberField
            label={`Longest name, letters (design ${index + 1})`}
            value={d.name_max_length}
            onChange={(name_max_length) => onChange({ name_max_length })}
            errorMessage={at('personalise_name.max_length')}
            description="1 to 20."
          />
        </div>
      ) : null}
      <Switch isSelected={d.number_on} onChange={(number_on) => onChange({ number_on })}>
        Buyers may add a number (design {index + 1})
      </Switch>
      {d.number_on ? (
        <div className="adm-choice-list">
          <MoneyField
            label={`Price of a number (design ${index + 1})`}
            cents={d.number_price_cents}
            onChange={(number_price_cents) => onChange({ number_price_cents })}
            errorMessage={at('personalise_number.price_cents')}
          />
          <NumberField
            label={`Most digits (design ${index + 1})`}
            value={d.number_max_digits}
            onChange={(number_max_digits) => onChange({ number_max_digits })}
            errorMessage={at('personalise_number.max_digits')}
            description="1 to 3."
          />
        </div>
      ) : null}
      <Button variant="danger" onPress={onRemove}>
        Remove design {index + 1}
      </Button>
    </fieldset>
  );
}
