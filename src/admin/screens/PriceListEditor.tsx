import {
  bandLabel,
  colourColumns,
  gridColumns,
  METHOD_NAMES,
  PRICE_LIST_METHODS,
} from '../../lib/pricing/list-methods.ts';
import { priceListWarnings } from '../../lib/pricing/list-warnings.ts';
import { priceListDataSchema } from '../../lib/pricing/list-schema.ts';
import type { PriceListData, PriceListMethod } from '../../lib/pricing/lists.ts';
import type { FormProps } from '../CrudScreen.tsx';
import {
  columnCount,
  type PriceListForm,
  payloadOf,
  withColumns,
  withDark,
  withGrid,
  withMethod,
  withPaste,
} from '../price-list-form.ts';
import { flagsOf, flagWords } from '../price-list-flags.ts';
import { Button, Select, Switch, TextField } from '../ui/controls.tsx';
import { EmbroideryFields, FlatFields, TransferFields } from './PriceListDecorationFields.tsx';
import { ScreenPrintFields } from './PriceListScreenPrintFields.tsx';
import { AreaFields, GarmentFields, TurnaroundFields } from './PriceListOtherFields.tsx';
import { PriceGrid } from './PriceGrid.tsx';
import { dateTime } from '../format.ts';

const CAPTIONS: Record<string, string> = {
  grid: 'Prices per piece',
  light: 'Prices per piece on light garments',
  dark: 'Prices per piece on dark garments',
};

/** Warnings of the list as it stands, keyed like the fields ("data.grid.cells.3.1"). */
function warningsOf(form: PriceListForm): Record<string, string> {
  const parsed = priceListDataSchema.safeParse((payloadOf(form) as { data: unknown }).data);
  if (!parsed.success) return {};
  return Object.fromEntries(priceListWarnings(parsed.data).map((w) => [`data.${w.path}`, w.message]));
}

/** One price list: its name, method, grids in dollars and the method's other fields. */
export function PriceListEditor({ value, onChange, errors }: FormProps<PriceListForm>) {
  const { data } = value;
  const setData = (next: PriceListData) => onChange({ data: next, grids: value.grids });
  const width = columnCount(value);
  // Screen print names its columns by count: the grid being typed decides how many.
  const columns = data.method === 'screen_print' ? colourColumns(width) : gridColumns(data);
  const unit = bandLabel(data, 2).replace(/^From 2 /, '');
  const warnings = warningsOf(value);
  const flags = flagWords(flagsOf(value.grids));
  const secondLook = [...flags, ...Object.values(warnings)];
  const bands = value.grids['grid']?.rows ?? [];
  const columnNoun: Partial<Record<PriceListMethod, string>> = {
    screen_print: 'colour',
    embroidery: 'stitch band',
    area: 'material',
  };
  const noun = columnNoun[data.method] ?? 'print size';

  return (
    <>
      <TextField
        label="Name"
        value={value.name}
        onChange={(name) => onChange({ name })}
        errorMessage={errors['name']}
        autoFocus
      />
      {value.id ? (
        <p>
          Method: <strong>{METHOD_NAMES[data.method]}</strong> · version {value.version}
        </p>
      ) : (
        <Select
          label="Method"
          options={PRICE_LIST_METHODS.map((m) => ({ id: m, label: METHOD_NAMES[m] }))}
          value={data.method}
          onChange={(m) => m && onChange(withMethod(value, m as PriceListMethod))}
          errorMessage={errors['data.method']}
        />
      )}
      {Object.entries(value.grids).map(([key, draft]) => (
        <PriceGrid
          key={key}
          caption={data.method === 'area' ? `Prices per square foot` : (CAPTIONS[key] ?? key)}
          path={`data.${key}`}
          draft={draft}
          columns={columns}
          unit={unit}
          errors={errors}
          warnings={warnings}
          onChange={(next) => {
            const form = withGrid(value, key, next);
            onChange({ data: form.data, grids: form.grids });
          }}
          onPaste={(row, col, block) => {
            const form = withPaste(value, key, row, col, block);
            onChange({ data: form.data, grids: form.grids });
          }}
        />
      ))}
      {width > 0 ? (
        <div className="adm-actions-row">
          <Button
            variant="secondary"
            onPress={() => {
              const form = withColumns(value, width + 1);
              onChange({ data: form.data, grids: form.grids });
            }}
          >
            Add {noun}
          </Button>
          <Button
            variant="secondary"
            isDisabled={width <= 1}
            onPress={() => {
              const form = withColumns(value, width - 1);
              onChange({ data: form.data, grids: form.grids });
            }}
          >
            Remove last {noun}
          </Button>
        </div>
      ) : null}
      {'light' in data ? (
        <Switch
          isSelected={Boolean(value.grids['dark'])}
          onChange={(on) => {
            const form = withDark(value, on);
            onChange({ data: form.data, grids: form.grids });
          }}
        >
          Different prices on dark garments
        </Switch>
      ) : null}
      {secondLook.length > 0 ? (
        <div className="adm-grid-warnings" role="status">
          <h3>Worth a second look (saves anyway)</h3>
          <ul>
            {secondLook.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {data.method === 'screen_print' ? <ScreenPrintFields data={data} errors={errors} onChange={setData} /> : null}
      {data.method === 'embroidery' ? (
        <EmbroideryFields data={data} errors={errors} onChange={setData} bands={bands} />
      ) : null}
      {'light' in data ? <TransferFields data={data} errors={errors} onChange={setData} /> : null}
      {data.method === 'flat' ? <FlatFields data={data} errors={errors} onChange={setData} /> : null}
      {data.method === 'garment' ? <GarmentFields data={data} errors={errors} onChange={setData} /> : null}
      {data.method === 'area' ? <AreaFields data={data} errors={errors} onChange={setData} /> : null}
      {data.method === 'turnaround' ? <TurnaroundFields data={data} errors={errors} onChange={setData} /> : null}
      <section className="adm-wide" aria-label="Used by">
        <h3>Used by</h3>
        {value.used_by.length === 0 ? (
          <p>No product uses this list yet.</p>
        ) : (
          <ul>
            {value.used_by.map((use) => (
              <li key={`${use.product_id}-${use.as}`}>
                {use.product_name}: {use.as}
              </li>
            ))}
          </ul>
        )}
      </section>
      {value.versions?.length ? (
        <section className="adm-wide" aria-label="Saved versions">
          <h3>Saved versions</h3>
          <ul>
            {value.versions.map((v) => (
              <li key={v.version}>
                Version {v.version}, {dateTime(v.saved_at)}, by {v.saved_by}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
