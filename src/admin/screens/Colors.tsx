import type { AdminColor } from '../../lib/admin-schemas/colors.ts';
import { CrudScreen, type FormProps, textFields } from '../CrudScreen.tsx';
import { str } from '../format.ts';
import { Switch, TextField } from '../ui/controls.tsx';

interface ColorForm extends Record<string, unknown> {
  id?: string;
  name: string;
  hex: string;
  is_active: boolean;
}

/** type=color only knows #rrggbb; an alpha suffix is kept when the picker changes the colour. */
function ColorFields({ value, onChange, errors }: FormProps<ColorForm>) {
  const text = textFields<ColorForm>({ value, onChange, errors });
  const hex = str(value.hex);
  const pickerValue = /^#[0-9a-f]{6}/i.test(hex) ? hex.slice(0, 7).toLowerCase() : '#000000';
  const alpha = hex.length === 9 ? hex.slice(7) : '';
  return (
    <>
      <TextField label="Name" {...text('name')} autoFocus />
      <div className="adm-hex">
        <TextField
          label="Hex"
          value={hex}
          onChange={(text) => onChange({ hex: text })}
          description="#RRGGBB, or #RRGGBBAA with alpha"
          errorMessage={errors['hex']}
        />
        <label className="adm-color-picker">
          <span className="adm-visually-hidden">Pick colour</span>
          <input
            type="color"
            value={pickerValue}
            onChange={(e) => onChange({ hex: e.target.value.toUpperCase() + alpha })}
          />
        </label>
        <span className="adm-swatch adm-swatch--large" style={{ background: hex }} aria-hidden="true" />
      </div>
      <Switch isSelected={value.is_active} onChange={(is_active) => onChange({ is_active })}>
        Active
      </Switch>
    </>
  );
}

export function Colors() {
  return (
    <CrudScreen<AdminColor, ColorForm>
      config={{
        tab: 'colors',
        publishes: true,
        title: 'Colors',
        noun: 'colour',
        listPath: 'colors',
        writePath: 'colors',
        addLabel: 'Add Color',
        dialogTitle: 'Add or Edit Color',
        columns: [
          { id: 'name', name: 'Name', render: (c) => c.name },
          {
            id: 'hex',
            name: 'Hex',
            render: (c) => (
              <span className="adm-hex-cell">
                <span className="adm-swatch" style={{ background: c.hex }} aria-hidden="true" />
                {c.hex}
              </span>
            ),
          },
        ],
        rowName: (c) => c.name,
        emptyForm: () => ({ name: '', hex: '#000000', is_active: true }),
        toForm: (c) => ({ id: c.id, name: c.name, hex: c.hex, is_active: c.is_active }),
        toPayload: (f) => ({ name: f.name, hex: f.hex, is_active: f.is_active }),
        Form: ColorFields,
      }}
    />
  );
}
