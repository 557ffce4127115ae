import type { AdminSize } from '../../lib/admin-schemas/sizes.ts';
import { CrudScreen, type FormProps, textFields } from '../CrudScreen.tsx';
import { Switch, TextField } from '../ui/controls.tsx';

interface SizeForm extends Record<string, unknown> {
  id?: string;
  name: string;
  is_active: boolean;
}

function SizeFields({ value, onChange, errors }: FormProps<SizeForm>) {
  const text = textFields<SizeForm>({ value, onChange, errors });
  return (
    <>
      <TextField label="Name" {...text('name')} autoFocus />
      <Switch isSelected={value.is_active} onChange={(is_active) => onChange({ is_active })}>
        Active
      </Switch>
    </>
  );
}

export function Sizes() {
  return (
    <CrudScreen<AdminSize, SizeForm>
      config={{
        tab: 'sizes',
        publishes: true,
        title: 'Sizes',
        noun: 'size',
        listPath: 'sizes',
        writePath: 'sizes',
        addLabel: 'Add Size',
        dialogTitle: 'Add or Edit Size',
        columns: [
          { id: 'name', name: 'Name', render: (s) => s.name },
          { id: 'active', name: 'Active', render: (s) => (s.is_active ? 'Yes' : 'No') },
        ],
        rowName: (s) => s.name,
        emptyForm: () => ({ name: '', is_active: true }),
        toForm: (s) => ({ id: s.id, name: s.name, is_active: s.is_active }),
        toPayload: (f) => ({ name: f.name, is_active: f.is_active }),
        Form: SizeFields,
      }}
    />
  );
}
