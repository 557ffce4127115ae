import type { AdminDiscountCode } from '../../lib/admin-schemas/discount-codes.ts';
import { CrudScreen, type FormProps, textFields } from '../CrudScreen.tsx';
import { toNumberOrNull } from '../format.ts';
import { NumberField, Switch, TextField } from '../ui/controls.tsx';

interface DiscountForm extends Record<string, unknown> {
  id?: string;
  code: string;
  name: string;
  type: string;
  amount_cents: number | null;
  max_uses: number | null;
  is_active: boolean;
}

function DiscountFields({ value, onChange, errors }: FormProps<DiscountForm>) {
  const text = textFields<DiscountForm>({ value, onChange, errors });
  return (
    <>
      <TextField label="Code" {...text('code')} autoFocus />
      <TextField label="Name" {...text('name')} />
      <TextField
        label="Type"
        value={value.type}
        onChange={(type) => onChange({ type })}
        description="fixed, percentage or free_shipping"
        errorMessage={errors['type']}
      />
      <NumberField
        label="Amount (cents)"
        value={value.amount_cents}
        onChange={(amount_cents) => onChange({ amount_cents })}
        description="Percentage in basis points: 1000 = 10%"
        errorMessage={errors['amount_cents']}
      />
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
          { id: 'type', name: 'Type', render: (d) => d.type },
          { id: 'amount', name: 'Amount (cents)', render: (d) => String(d.amount_cents) },
          {
            id: 'usage',
            name: 'Usage',
            render: (d) => (d.max_uses === null ? String(d.total_uses) : `${d.total_uses}/${d.max_uses}`),
          },
          { id: 'active', name: 'Active', render: (d) => (d.is_active ? 'Yes' : 'No') },
        ],
        rowName: (d) => d.code,
        emptyForm: () => ({ code: '', name: '', type: 'fixed', amount_cents: 0, max_uses: null, is_active: true }),
        toForm: (d) => ({
          id: d.id,
          code: d.code,
          name: d.name,
          type: d.type,
          amount_cents: d.amount_cents,
          max_uses: d.max_uses,
          is_active: d.is_active,
        }),
        toPayload: (f) => ({
          code: f.code,
          name: f.name,
          type: f.type.trim(),
          amount_cents: toNumberOrNull(f.amount_cents) ?? 0,
          max_uses: toNumberOrNull(f.max_uses),
          is_active: f.is_active,
        }),
        Form: DiscountFields,
      }}
    />
  );
}
