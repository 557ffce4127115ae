import { useEffect, useState } from 'react';
import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { AdminQuote } from '../../lib/admin-schemas/quote-revisions.ts';
import type { AreaList, PriceList, TurnaroundList } from '../../lib/pricing/lists.ts';
import { ApiError } from '../../lib/browser/http.ts';
import { api } from '../api.ts';
import { Button, Checkbox, NumberField, Select, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import { useAction } from '../use-action.ts';
import { type DraftLine, emptyArea, nextKey, payload, previewTotals, type QuoteDraft } from './quote-draft.ts';
import { listIdsOf } from './quote-products.ts';
import { AreaInputsFields, LocationInputsFields } from './QuoteListInputs.tsx';
import { QuoteDepositFields } from './QuoteDepositFields.tsx';
import { useQuoteLists } from './use-quote-lists.ts';
import { SHIPPING_SPEEDS } from '../../lib/orders/shipping-speeds.ts';
import { usd } from '../format.ts';

/**
 * The quote editor (docs/decisions/0017-quotes.md): lines from the catalogue (priced by the product's tiers and the
 * chosen print locations, or for a product on the owner's lists by its lists with each
 * location's inputs, area and the quote's rush, docs/decisions/0027-price-lists.md) or free lines
 * (description, quantity, price per piece, setup fee), a discount, shipping speed or local handoff, valid-until and a
 * message. Each line shows its price per piece and breakdown as it stands. Saving makes a new
 * revision, priced by the server; earlier ones stay in the history.
 */
export function QuoteEditor({
  requestId,
  initial,
  onSaved,
}: {
  requestId: string;
  initial: QuoteDraft;
  onSaved: (quote: AdminQuote) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [products, setProducts] = useState<AdminProduct[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const { pending, error, run } = useAction('The quote could not be saved.');
  const lists = useQuoteLists(draft, products);
  useEffect(() => {
    let live = true;
    api
      .get<AdminProduct[]>('admin/products')
      .then((list) => live && setProducts(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const change = (key: number, patch: Partial<DraftLine>) =>
    setDraft({ ...draft, lines: draft.lines.map((l) => (l.key === key ? ({ ...l, ...patch } as DraftLine) : l)) });
  const add = (kind: DraftLine['kind']) =>
    setDraft({
      ...draft,
      lines: [
        ...draft.lines,
        kind === 'product'
          ? {
              key: nextKey(),
              kind,
              product_id: null,
              quantity: null,
              locations: [],
              note: '',
              location_inputs: {},
              area: emptyArea(),
              dark_garment: false,
            }
          : { key: nextKey(), kind, description: '', quantity: null, unit_price_cents: null, setup_fee_cents: 0 },
      ],
    });
  // A rush stays chosen only while a product on the quote has a turnaround list.
  const rushable = draft.lines.some(
    (l) => l.kind === 'product' && products.find((p) => p.id === l.product_id)?.turnaround_list_id,
  );
  const priced = rushable ? draft : { ...draft, rush: null };
  const save = () =>
    run(async () => {
      setFields({});
      try {
        onSaved(await api.post<AdminQuote>(`quote-requests/${requestId}/revisions`, payload(priced)));
      } catch (e) {
        if (e instanceof ApiError && e.fields) setFields(e.fields);
        throw e;
      }
    });
  const productOptions = products.map((p) => ({ id: p.id, label: p.name }));
  const preview = previewTotals(priced, products, lists);
  const pricedLines = preview?.ok ? preview.lines : null;
  const turnaround = draft.lines
    .map((l) => (l.kind === 'product' ? products.find((p) => p.id === l.product_id)?.turnaround_list_id : null))
    .map((id) => (id ? (lists.get(id) as PriceList<TurnaroundList> | undefined) : undefined))
    .find(Boolean);

  return (
    <section className="adm-quote-editor" aria-labelledby="quote-editor-title">
      <h3 id="quote-editor-title">Price this quote</h3>
      <ol className="adm-quote-lines">
        {draft.lines.map((line, index) => {
          const at = (name: string) => fields[`lines.${index}.${name}`];
          const product = line.kind === 'product' ? products.find((p) => p.id === line.product_id) : undefined;
          return (
            <li key={line.key} className="adm-fieldset">
              {line.kind === 'product' ? (
                <>
                  <Select
                    label={`Line ${index + 1}: product`}
                    options={productOptions}
                    value={line.product_id}
                    placeholder="Choose a product"
                    onChange={(product_id) =>
                      change(line.key, { product_id, locations: [], location_inputs: {}, area: emptyArea() })
                    }
                  />
                  {at('product_id') ? <p className="adm-field-error">{at('product_id')}</p> : null}
                  <NumberField
                    label="Pieces"
                    value={line.quantity}
                    onChange={(quantity) => change(line.key, { quantity })}
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
                      onChange={(area) => change(line.key, { area })}
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
                            change(line.key, {
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
                            onChange={(inputs) =>
                              change(line.key, { location_inputs: { ...line.location_inputs, [code]: inputs } })
                            }
                            errorAt={(name) => at(`locations.${j}.${name}`)}
                          />
                        );
                      })
                    : null}
                  {product && (product.garment_list_id || product.print_locations.some((l) => l.price_list_id)) ? (
                    <Checkbox
                      isSelected={line.dark_garment}
                      onChange={(dark_garment) => change(line.key, { dark_garment })}
                    >
                      Dark garment (dark prices, flash)
                    </Checkbox>
                  ) : null}
                  <TextField
                    label="Note on the line (optional)"
                    value={line.note}
                    onChange={(note) => change(line.key, { note })}
                    errorMessage={at('note')}
                    description="e.g. Black, S-XL"
                  />
                </>
              ) : (
                <>
                  <TextField
                    label={`Line ${index + 1}: description`}
                    value={line.description}
                    onChange={(description) => change(line.key, { description })}
                    errorMessage={at('description')}
                  />
                  <NumberField
                    label="Quantity"
                    value={line.quantity}
                    onChange={(quantity) => change(line.key, { quantity })}
                    errorMessage={at('quantity')}
                  />
                  <MoneyField
                    label="Price per piece"
                    cents={line.unit_price_cents}
                    onChange={(unit_price_cents) => change(line.key, { unit_price_cents })}
                    errorMessage={at('unit_price_cents')}
                  />
                  <MoneyField
                    label="Setup fee"
                    cents={line.setup_fee_cents}
                    onChange={(setup_fee_cents) => change(line.key, { setup_fee_cents })}
                    errorMessage={at('setup_fee_cents')}
                  />
                </>
              )}
              {fields[`lines.${index}`] ? <p className="adm-field-error">{fields[`lines.${index}`]}</p> : null}
              {pricedLines?.[index]?.pricing ? (
                <p className="adm-quote-line-price">
                  {usd(pricedLines[index].unit_price_cents)} each: {pricedLines[index].pricing.breakdown}
                </p>
              ) : null}
              {draft.lines.length > 1 ? (
                <Button
                  variant="quiet"
                  aria-label={`Remove line ${index + 1}`}
                  onPress={() => setDraft({ ...draft, lines: draft.lines.filter((l) => l.key !== line.key) })}
                >
                  Remove line
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {fields['lines'] ? <p className="adm-field-error">{fields['lines']}</p> : null}
      <div className="adm-row-actions">
        <Button onPress={() => add('product')}>Add catalogue line</Button>
        <Button onPress={() => add('custom')}>Add custom line</Button>
      </div>
      {turnaround ? (
        <Select
          label="Turnaround"
          options={[
            { id: 'standard', label: `Standard, ${turnaround.data.standard_days} business days` },
            ...turnaround.data.rush.map((r) => ({ id: r.code, label: `${r.label} (+${r.percent} %)` })),
          ]}
          value={draft.rush ?? 'standard'}
          onChange={(v) => setDraft({ ...draft, rush: v === 'standard' || v === null ? null : v })}
          errorMessage={fields['rush']}
        />
      ) : null}
      <MoneyField
        label="Discount"
        cents={draft.discount_cents}
        onChange={(discount_cents) => setDraft({ ...draft, discount_cents })}
        errorMessage={fields['discount_cents']}
      />
      <Select
        label="Delivery"
        options={[
          { id: 'shipping', label: 'Ship' },
          { id: 'local', label: 'Local handoff' },
        ]}
        value={draft.fulfillment}
        onChange={(v) => setDraft({ ...draft, fulfillment: v === 'local' ? 'local' : 'shipping' })}
      />
      {draft.fulfillment === 'shipping' ? (
        <Select
          label="Shipping speed"
          options={SHIPPING_SPEEDS.map(({ value, label }) => ({ id: value, label }))}
          value={draft.shipping_speed}
          onChange={(v) =>
            setDraft({ ...draft, shipping_speed: v === 'express' || v === 'overnight' ? v : 'standard' })
          }
        />
      ) : null}
      <QuoteDepositFields draft={draft} fields={fields} onChange={(terms) => setDraft({ ...draft, ...terms })} />
      <TextField
        label="Valid until"
        type="date"
        value={draft.valid_until}
        onChange={(valid_until) => setDraft({ ...draft, valid_until })}
        errorMessage={fields['valid_until']}
      />
      <TextField
        label="Message to the customer (optional)"
        multiline
        rows={3}
        value={draft.message}
        onChange={(message) => setDraft({ ...draft, message })}
        errorMessage={fields['message']}
      />
      {preview && !preview.ok ? (
        <p className="adm-hint">To price it: {Object.values(preview.fields).join(' ')}</p>
      ) : null}
      {preview?.ok ? (
        <section aria-labelledby="quote-preview-title">
          <h4 id="quote-preview-title">Quote so far</h4>
          <dl className="adm-dl">
            {preview.totals.map(([label, value]) => (
              <div key={label} className="adm-dl-row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button variant="primary" isDisabled={pending} onPress={() => void save()}>
        {pending ? 'Saving…' : 'Save revision'}
      </Button>
    </section>
  );
}
