import type { ScreenPrintList } from '../../lib/pricing/lists.ts';
import { dataError, type ListFieldsProps, newCode, replaceAt } from '../price-list-form.ts';
import { Button, NumberField, Select, Switch, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';

/** Screens, their waivers, further locations and per-piece surcharges, in words. */
export function ScreenPrintFields({ data, errors, onChange }: ListFieldsProps<ScreenPrintList>) {
  const extra = data.additional_location;
  return (
    <>
      <fieldset className="adm-fieldset adm-wide">
        <legend>Screens</legend>
        <MoneyField
          label="Screen fee, per colour per location"
          cents={data.screen_fee_cents}
          onChange={(c) => onChange({ ...data, screen_fee_cents: c ?? 0 })}
          errorMessage={dataError(errors, 'screen_fee_cents')}
        />
        <Select
          label="Screens on the bill"
          options={[
            { id: 'line', label: 'As a line of their own' },
            { id: 'spread', label: 'Spread over the pieces' },
          ]}
          value={data.screen_fee_display}
          onChange={(v) => onChange({ ...data, screen_fee_display: v === 'spread' ? 'spread' : 'line' })}
        />
        {data.screen_fee_rules.map((rule, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules are edited in place
          <fieldset className="adm-fieldset adm-choice-list" key={i}>
            <legend>
              Rule {i + 1}: from {rule.min_pieces} pieces, up to {rule.max_colors} colours, charge{' '}
              {Math.round(rule.share * 100)} % of the screens
            </legend>
            <NumberField
              label={`From pieces (rule ${i + 1})`}
              value={rule.min_pieces}
              onChange={(v) =>
                onChange({ ...data, screen_fee_rules: replaceAt(data.screen_fee_rules, i, { min_pieces: v ?? 0 }) })
              }
              errorMessage={dataError(errors, `screen_fee_rules.${i}.min_pieces`)}
            />
            <NumberField
              label={`Up to colours (rule ${i + 1})`}
              value={rule.max_colors}
              onChange={(v) =>
                onChange({ ...data, screen_fee_rules: replaceAt(data.screen_fee_rules, i, { max_colors: v ?? 0 }) })
              }
              errorMessage={dataError(errors, `screen_fee_rules.${i}.max_colors`)}
            />
            <NumberField
              label={`Share of the screens charged, % (rule ${i + 1})`}
              value={Math.round(rule.share * 100)}
              onChange={(v) =>
                onChange({ ...data, screen_fee_rules: replaceAt(data.screen_fee_rules, i, { share: (v ?? 0) / 100 }) })
              }
              errorMessage={dataError(errors, `screen_fee_rules.${i}.share`)}
            />
            <Button
              variant="secondary"
              onPress={() => onChange({ ...data, screen_fee_rules: data.screen_fee_rules.filter((_, j) => j !== i) })}
            >
              Remove rule {i + 1}
            </Button>
          </fieldset>
        ))}
        <Button
          variant="secondary"
          onPress={() =>
            onChange({
              ...data,
              screen_fee_rules: [...data.screen_fee_rules, { min_pieces: 145, max_colors: 3, share: 0 }],
            })
          }
        >
          Add screen fee rule
        </Button>
      </fieldset>
      <fieldset className="adm-fieldset adm-wide">
        <legend>Further locations of the same design</legend>
        <Switch
          isSelected={extra !== null}
          onChange={(on) =>
            onChange({ ...data, additional_location: on ? { first_color_cents: 75, per_extra_color_cents: 25 } : null })
          }
        >
          Price further locations by a rule (off: each from the grid)
        </Switch>
        {extra ? (
          <>
            <MoneyField
              label="Further location, first colour"
              cents={extra.first_color_cents}
              onChange={(c) => onChange({ ...data, additional_location: { ...extra, first_color_cents: c ?? 0 } })}
              errorMessage={dataError(errors, 'additional_location.first_color_cents')}
            />
            <MoneyField
              label="Further location, each further colour"
              cents={extra.per_extra_color_cents}
              onChange={(c) => onChange({ ...data, additional_location: { ...extra, per_extra_color_cents: c ?? 0 } })}
              errorMessage={dataError(errors, 'additional_location.per_extra_color_cents')}
            />
          </>
        ) : null}
      </fieldset>
      <fieldset className="adm-fieldset adm-wide">
        <legend>Surcharges per piece</legend>
        {data.surcharges.map((s, i) => (
          <fieldset className="adm-fieldset adm-choice-list" key={s.code}>
            <legend className="adm-visually-hidden">Surcharge {i + 1}</legend>
            <TextField
              label={`Surcharge ${i + 1}`}
              value={s.label}
              onChange={(label) => onChange({ ...data, surcharges: replaceAt(data.surcharges, i, { label }) })}
              errorMessage={dataError(errors, `surcharges.${i}.label`)}
            />
            <MoneyField
              label={`${s.label || `Surcharge ${i + 1}`}, per piece`}
              cents={s.cents_per_piece}
              onChange={(c) =>
                onChange({ ...data, surcharges: replaceAt(data.surcharges, i, { cents_per_piece: c ?? 0 }) })
              }
              errorMessage={dataError(errors, `surcharges.${i}.cents_per_piece`)}
            />
            <Select
              label={`${s.label || `Surcharge ${i + 1}`} applies`}
              options={[
                { id: 'dark_garment', label: 'On dark garments' },
                { id: 'always', label: 'Always' },
                { id: 'optional', label: 'When the customer ticks it' },
              ]}
              value={s.when}
              onChange={(v) =>
                onChange({
                  ...data,
                  surcharges: replaceAt(data.surcharges, i, { when: (v ?? 'always') as typeof s.when }),
                })
              }
            />
            <Button
              variant="secondary"
              onPress={() => onChange({ ...data, surcharges: data.surcharges.filter((_, j) => j !== i) })}
            >
              Remove {s.label || `surcharge ${i + 1}`}
            </Button>
          </fieldset>
        ))}
        <Button
          variant="secondary"
          onPress={() =>
            onChange({
              ...data,
              surcharges: [
                ...data.surcharges,
                { code: newCode('surcharge'), label: 'Flash underbase', cents_per_piece: 15, when: 'dark_garment' },
              ],
            })
          }
        >
          Add surcharge
        </Button>
      </fieldset>
    </>
  );
}
