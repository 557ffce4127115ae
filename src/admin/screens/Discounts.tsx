import {
  type AdminDiscountCode,
  DISCOUNT_TYPE_LABELS,
  DISCOUNT_TYPES,
  type DiscountTypeName,
} from '../../lib/admin-schemas/discount-codes.ts';
import { CrudScreen, type FormProps, textFields } from '../CrudScreen.tsx';
import { discountOff, toNumberOrNull } from '../format.ts';
import { NumberField, Select, Switch, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';

interface DiscountForm extends Record<string, unknown> {
  id?: string;
  code: string;
  name: string;
  type: DiscountTypeName;
  /** Cents off, or basis points for a percentage (15 % is 1500); null while the field is empty. */
  amount_cents: number | null;
  max_uses: number | null;
  is_active: boolean;
}

const TYPE_OPTIONS = (['percentage', 'fixed', 'free_shipping'] as const).map((id) => ({
  id,
  label: DISCOUNT_TYPE_LABELS[id],
}));
const isType = (id: string | null): id is DiscountTypeName => DISCOUNT_TYPES.some((t) => t === id);
/** "15" reads "15%"; the value is the percentage as typed. */
const PERCENT: Intl.NumberFormatOptions = { style: 'unit', unit: 'percent', maximumFractionDigits: 2 };

/**
 * The amount as its type asks for it. Basis points and cents are both hundredths, so a number
 * typed before the type was chosen keeps its meaning: 15 is 15 % or $15.00.
 */
function AmountField({ value, onChange, errors }: FormProps<DiscountForm>) {
  const error = errors['amount_cents'];
  if (value.type === 'free_shipping') return <p>Shipping is free with this code; nothing else comes off.</p>;
  if (value.type === 'fixed') {
    return (
      <MoneyField
        label="Dollars off"
        cents={value.amount_cents}
        onChange={(amount_cents) => onChange({ amount_cents })}
        description="Taken off the order's subtotal, never more than it."
        errorMessage={error}
      />
    );
  }
  return (
    <NumberField
      label="Percent off"
      value={value.amount_cents === null ? null : value.amount_cents / 100}
      onChange={(percent) => onChange({ amount_cents: percent === null ? null : Math.round(percent * 100) })}
      formatOptions={PERCENT}
      description="Of the order's subtotal: 15 means 15 % off."
      errorMessage={error}
    />
  );
}

function DiscountFields(props: FormProps<DiscountForm>) {
  const { value, onChange, errors } = props;
  const text = textFields<DiscountForm>(props);
  return (
    <>
      <TextField label="Code" {...text('code')} autoFocus description="What the customer types at checkout." />
      <TextField label="Name" {...text('name')} />
      <Select
        label="Type"
        options={TYPE_OPTIONS}
        value={value.type}
        onChange={(type) => {
          if (isType(type)) onChange({ type });
        }}
      />
      {errors['type'] ? <p className="adm-field-error">{errors['type']}</p> : null}
      <AmountField {...props} />
      <NumberField
        label="Max uses"
        value={value.max_uses}
        onChange={(max_uses) => onChange({ max_uses })}
        description="Empty = unlimited"
        errorMessage={errors['max_uses']}
      />
      <Switch isSelected={value.is_active} onChange={(is_active) => onChange({ is_active })}>
        Active
      </Switch>
    </>
  );
}

export function Discounts() {
  return (
    <CrudScreen<AdminDiscountCode, DiscountForm>
      config={{
        tab: 'discount-codes',
        title: 'Discounts',
        noun: 'discount code',
        listPath: 'discount_codes',
        writePath: 'discount_codes',
        addLabel: 'Add Discount',
        dialogTitle: 'Add or Edit Discount',
        columns: [
          { id: 'code', name: 'Code', render: (d) => d.code },
          { id: 'name', name: 'Name', render: (d) => d.name },
          { id: 'discount', name: 'Discount', render: discountOff },
          {
            id: 'usage',
            name: 'Usage',
            render: (d) => (d.max_uses === null ? String(d.total_uses) : `${d.total_uses}/${d.max_uses}`),
          },
          { id: 'active', name: 'Active', render: (d) => (d.is_active ? 'Yes' : 'No') },
        ],
        rowName: (d) => d.code,
        emptyForm: () => ({
          code: '',
          name: '',
          type: 'percentage',
          amount_cents: null,
          max_uses: null,
          is_active: true,
        }),
        toForm: (d) => ({
          id: d.id,
          code: d.code,
          name: d.name,
          type: d.type,
          amount_cents: d.type === 'free_shipping' ? null : d.amount_cents,
          max_uses: d.max_uses,
          is_active: d.is_active,
        }),
        toPayload: (f) => ({
          code: f.code,
          name: f.name,
          type: f.type,
          // An empty amount is sent as null for the server to refuse with its message.
          amount_cents: f.type === 'free_shipping' ? 0 : f.amount_cents,
          max_uses: toNumberOrNull(f.max_uses),
          is_active: f.is_active,
        }),
        Form: DiscountFields,
      }}
    />
  );
}
