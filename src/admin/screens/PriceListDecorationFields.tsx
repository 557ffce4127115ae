import type { EmbroideryList, FlatList, ScreenPrintList, TransferList } from '../../lib/pricing/lists.ts';
import { newCode } from '../price-list-form.ts';
import { Button, NumberField, Select, Switch, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';

interface Props<D> {
  data: D;
  errors: Record<string, string>;
  onChange: (data: D) => void;
}

const at = (errors: Record<string, string>, path: string) => errors[`data.${path}`];
const replace = <T,>(items: T[], index: number, change: Partial<T>) =>
  items.map((item, i) => (i === index ? { ...item, ...change } : item));

/** Screens, their waivers, further locations and per-piece surcharges, in words. */
export function ScreenPrintFields({ data, errors, onChange }: Props<ScreenPrintList>) {
  const extra = data.additional_location;
  return (
    <>
      <fieldset className="adm-fieldset adm-wide">
        <legend>Screens</legend>
        <MoneyField
          label="Screen fee, per colour per location"
          cents={data.screen_fee_cents}
          onChange={(c) => onChange({ ...data, screen_fee_cents: c ?? 0 })}
          errorMessage={at(errors, 'screen_fee_cents')}
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
                onChange({ ...data, screen_fee_rules: replace(data.screen_fee_rules, i, { min_pieces: v ?? 0 }) })
              }
              errorMessage={at(errors, `screen_fee_rules.${i}.min_pieces`)}
            />
            <NumberField
              label={`Up to colours (rule ${i + 1})`}
              value={rule.max_colors}
              onChange={(v) =>
                onChange({ ...data, screen_fee_rules: replace(data.screen_fee_rules, i, { max_colors: v ?? 0 }) })
              }
              errorMessage={at(errors, `screen_fee_rules.${i}.max_colors`)}
            />
            <NumberField
              label={`Share of the screens charged, % (rule ${i + 1})`}
              value={Math.round(rule.share * 100)}
              onChange={(v) =>
                onChange({ ...data, screen_fee_rules: replace(data.screen_fee_rules, i, { share: (v ?? 0) / 100 }) })
              }
              errorMessage={at(errors, `screen_fee_rules.${i}.share`)}
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
              errorMessage={at(errors, 'additional_location.first_color_cents')}
            />
            <MoneyField
              label="Further location, each further colour"
              cents={extra.per_extra_color_cents}
              onChange={(c) => onChange({ ...data, additional_location: { ...extra, per_extra_color_cents: c ?? 0 } })}
              errorMessage={at(errors, 'additional_location.per_extra_color_cents')}
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
              onChange={(label) => onChange({ ...data, surcharges: replace(data.surcharges, i, { label }) })}
              errorMessage={at(errors, `surcharges.${i}.label`)}
            />
            <MoneyField
              label={`${s.label || `Surcharge ${i + 1}`}, per piece`}
              cents={s.cents_per_piece}
              onChange={(c) =>
                onChange({ ...data, surcharges: replace(data.surcharges, i, { cents_per_piece: c ?? 0 }) })
              }
              errorMessage={at(errors, `surcharges.${i}.cents_per_piece`)}
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
                  surcharges: replace(data.surcharges, i, { when: (v ?? 'always') as typeof s.when }),
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

/** Stitch bands, extras past the last band, the digitizing fee and the sizes customers pick. */
export function EmbroideryFields({ data, errors, onChange, bands }: Props<EmbroideryList> & { bands: string[] }) {
  const extras = data.extra_per_thousand_cents;
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Stitches</legend>
      {data.stitch_bands.map((s, i) => (
        <NumberField
          // biome-ignore lint/suspicious/noArrayIndexKey: bands are edited in place
          key={i}
          label={`Stitch band ${i + 1}: up to (stitches)`}
          value={s}
          onChange={(v) =>
            onChange({ ...data, stitch_bands: data.stitch_bands.map((b, j) => (j === i ? (v ?? 0) : b)) })
          }
          errorMessage={at(errors, `stitch_bands.${i}`)}
        />
      ))}
      <NumberField
        label="Most stitches taken"
        value={data.max_stitches}
        onChange={(v) => onChange({ ...data, max_stitches: v ?? 0 })}
        errorMessage={at(errors, 'max_stitches')}
      />
      <MoneyField
        label="Digitizing fee, once per design"
        cents={data.digitizing_fee_cents}
        onChange={(c) => onChange({ ...data, digitizing_fee_cents: c ?? 0 })}
        errorMessage={at(errors, 'digitizing_fee_cents')}
      />
      <Switch
        isSelected={extras !== null}
        onChange={(on) => onChange({ ...data, extra_per_thousand_cents: on ? bands.map(() => 0) : null })}
      >
        Take designs past the last band, priced per extra 1,000 stitches
      </Switch>
      {extras?.map((cents, r) => (
        <MoneyField
          // biome-ignore lint/suspicious/noArrayIndexKey: one per quantity band
          key={r}
          label={`Per extra 1,000 stitches, from ${bands[r] ?? '?'} pieces`}
          cents={cents}
          onChange={(c) =>
            onChange({ ...data, extra_per_thousand_cents: extras.map((x, j) => (j === r ? (c ?? 0) : x)) })
          }
          errorMessage={at(errors, `extra_per_thousand_cents.${r}`)}
        />
      ))}
      {at(errors, 'extra_per_thousand_cents') ? (
        <p className="adm-field-error">{at(errors, 'extra_per_thousand_cents')}</p>
      ) : null}
      {data.size_choices.map((choice, i) => (
        <fieldset className="adm-fieldset adm-choice-list" key={choice.code}>
          <legend className="adm-visually-hidden">Size choice {i + 1}</legend>
          <TextField
            label={`Size customers pick ${i + 1}`}
            value={choice.label}
            onChange={(label) => onChange({ ...data, size_choices: replace(data.size_choices, i, { label }) })}
            errorMessage={at(errors, `size_choices.${i}.label`)}
          />
          <NumberField
            label={`Stitches of size ${i + 1}`}
            value={choice.stitches}
            onChange={(v) => onChange({ ...data, size_choices: replace(data.size_choices, i, { stitches: v ?? 0 }) })}
            errorMessage={at(errors, `size_choices.${i}.stitches`)}
          />
        </fieldset>
      ))}
      <Button
        variant="secondary"
        onPress={() =>
          onChange({
            ...data,
            size_choices: [
              ...data.size_choices,
              { code: newCode('size'), label: 'New size', stitches: data.stitch_bands[0] ?? 5000 },
            ],
          })
        }
      >
        Add size choice
      </Button>
    </fieldset>
  );
}

/** The print sizes (the grid's columns) and the setup fee. */
export function TransferFields({ data, errors, onChange }: Props<TransferList>) {
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Print sizes</legend>
      {data.print_sizes.map((size, i) => (
        <fieldset className="adm-fieldset adm-choice-list" key={size.code}>
          <legend className="adm-visually-hidden">Print size {i + 1}</legend>
          <TextField
            label={`Print size ${i + 1}`}
            value={size.label}
            onChange={(label) => onChange({ ...data, print_sizes: replace(data.print_sizes, i, { label }) })}
            errorMessage={at(errors, `print_sizes.${i}.label`)}
          />
          <NumberField
            label={`Print size ${i + 1}, widest (in)`}
            value={size.max_width_in}
            onChange={(v) => onChange({ ...data, print_sizes: replace(data.print_sizes, i, { max_width_in: v ?? 0 }) })}
            errorMessage={at(errors, `print_sizes.${i}.max_width_in`)}
          />
          <NumberField
            label={`Print size ${i + 1}, tallest (in)`}
            value={size.max_height_in}
            onChange={(v) =>
              onChange({ ...data, print_sizes: replace(data.print_sizes, i, { max_height_in: v ?? 0 }) })
            }
            errorMessage={at(errors, `print_sizes.${i}.max_height_in`)}
          />
        </fieldset>
      ))}
      <MoneyField
        label="Setup fee, once per design"
        cents={data.setup_fee_cents}
        onChange={(c) => onChange({ ...data, setup_fee_cents: c ?? 0 })}
        errorMessage={at(errors, 'setup_fee_cents')}
      />
    </fieldset>
  );
}

export function FlatFields({ data, errors, onChange }: Props<FlatList>) {
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Flat price</legend>
      <MoneyField
        label="Price per piece"
        cents={data.cents_per_piece}
        onChange={(c) => onChange({ ...data, cents_per_piece: c ?? 0 })}
        errorMessage={at(errors, 'cents_per_piece')}
      />
      <MoneyField
        label="Setup fee, once per design"
        cents={data.setup_fee_cents}
        onChange={(c) => onChange({ ...data, setup_fee_cents: c ?? 0 })}
        errorMessage={at(errors, 'setup_fee_cents')}
      />
    </fieldset>
  );
}
