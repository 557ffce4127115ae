import { useEffect, useState } from 'react';
import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { AdminQuote } from '../../lib/admin-schemas/quote-revisions.ts';
import { ApiError } from '../../lib/http.ts';
import { api } from '../api.ts';
import { Button, Checkbox, NumberField, Select, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import { useAction } from '../use-action.ts';
import { type DraftLine, nextKey, payload, previewTotals, type QuoteDraft } from './quote-draft.ts';
import { SHIPPING_SPEEDS } from '../../lib/shipping-speeds.ts';

/**
 * The quote editor (issue #17): lines from the catalogue (priced by the product's tiers and the
 * chosen print locations) or free lines (description, quantity, price per piece, setup fee), a
 * discount, shipping speed or local handoff, valid-until and a message. Saving makes a new
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
          ? { key: nextKey(), kind, product_id: null, quantity: null, locations: [], note: '' }
          : { key: nextKey(), kind, description: '', quantity: null, unit_price_cents: null, setup_fee_cents: 0 },
      ],
    });
  const save = () =>
    run(async () => {
      setFields({});
      try {
        onSaved(await api.post<AdminQuote>(`quote-requests/${requestId}/revisions`, payload(draft)));
      } catch (e) {
        if (e instanceof ApiError && e.fields) setFields(e.fields);
        throw e;
      }
    });
  const productOptions = products.map((p) => ({ id: p.id, label: p.name }));
  const preview = previewTotals(draft, products);

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
                    onChange={(product_id) => change(line.key, { product_id, locations: [] })}
                  />
                  {at('product_id') ? <p className="adm-field-error">{at('product_id')}</p> : null}
                  <NumberField
                    label="Pieces"
                    value={line.quantity}
                    onChange={(quantity) => change(line.key, { quantity })}
                    errorMessage={at('quantity')}
                    description="Priced by the product's quantity tiers."
                  />
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
      {preview ? (
        <section aria-labelledby="quote-preview-title">
          <h4 id="quote-preview-title">Quote so far</h4>
          <dl className="adm-dl">
            {preview.map(([label, value]) => (
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
