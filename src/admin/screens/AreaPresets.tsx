import { useState } from 'react';
import { Button, NumberField, Select } from '../ui/controls.tsx';
import { TextField } from '../ui/controls.tsx';

/** A one-tap size as the form holds it while typed; width and height in inches (null: empty). */
export interface PresetDraft {
  label: string;
  width_in: number | null;
  height_in: number | null;
}

type Unit = 'ft' | 'in';
const UNITS = [
  { id: 'ft', label: 'Feet' },
  { id: 'in', label: 'Inches' },
];
const UNIT_WORDS: Record<Unit, string> = { ft: 'feet', in: 'inches' };
const PER_UNIT: Record<Unit, number> = { ft: 12, in: 1 };

interface Props {
  presets: PresetDraft[];
  errors: Record<string, string>;
  onChange: (presets: PresetDraft[]) => void;
}

/**
 * The sizes an area product offers in one tap on its page ("3 × 6 ft"), docs/decisions/0027-price-lists.md: a name the
 * customer reads, and the width and height typed in feet or inches (stored in inches). The
 * server checks each lies within the smallest and largest width and height above.
 */
export function AreaPresets({ presets, errors, onChange }: Props) {
  const [unit, setUnit] = useState<Unit>('ft');
  const per = PER_UNIT[unit];
  const set = (index: number, change: Partial<PresetDraft>) =>
    onChange(presets.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const shown = (inches: number | null) => (inches === null ? null : inches / per);
  const typed = (value: number | null) => (value === null ? null : Math.round(value * per * 100) / 100);
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>One-tap sizes</legend>
      <p>Sizes customers pick in one tap, each within the smallest and largest width and height above.</p>
      <Select
        label="Type sizes in"
        options={UNITS}
        value={unit}
        onChange={(id) => setUnit(id === 'in' ? 'in' : 'ft')}
      />
      {presets.length === 0 ? <p>No one-tap sizes: customers type their width and height.</p> : null}
      {presets.map((preset, index) => {
        const row = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
          <fieldset className="adm-fieldset adm-choice-list" key={index}>
            <legend className="adm-visually-hidden">Size {row}</legend>
            <TextField
              label={`Name (size ${row})`}
              value={preset.label}
              placeholder="3 × 6 ft"
              onChange={(label) => set(index, { label })}
              errorMessage={errors[`area_presets.${index}.label`]}
            />
            <NumberField
              label={`Width in ${UNIT_WORDS[unit]} (size ${row})`}
              value={shown(preset.width_in)}
              onChange={(v) => set(index, { width_in: typed(v) })}
              errorMessage={errors[`area_presets.${index}.width_in`]}
            />
            <NumberField
              label={`Height in ${UNIT_WORDS[unit]} (size ${row})`}
              value={shown(preset.height_in)}
              onChange={(v) => set(index, { height_in: typed(v) })}
              errorMessage={errors[`area_presets.${index}.height_in`]}
            />
            <Button onPress={() => onChange(presets.filter((_, i) => i !== index))}>Remove size {row}</Button>
          </fieldset>
        );
      })}
      {errors['area_presets'] ? (
        <p className="adm-field-error" role="alert">
          {errors['area_presets']}
        </p>
      ) : null}
      <Button onPress={() => onChange([...presets, { label: '', width_in: null, height_in: null }])}>Add a size</Button>
    </fieldset>
  );
}

/** The presets as the API takes them: names trimmed, sizes in inches (empty ones for the server to refuse). */
export function presetsPayload(presets: readonly PresetDraft[]): PresetDraft[] {
  return presets.map((p) => ({ label: p.label.trim(), width_in: p.width_in, height_in: p.height_in }));
}
