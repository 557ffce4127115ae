import { useEffect, useState } from 'react';
import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { AdminQuote } from '../../lib/admin-schemas/quote-revisions.ts';
import type { PriceList, TurnaroundList } from '../../lib/pricing/lists.ts';
import { ApiError } from '../../lib/browser/http.ts';
import { api } from '../api.ts';
import { Button } from '../ui/controls.tsx';
import { useAction } from '../use-action.ts';
import { type DraftLine, emptyArea, nextKey, payload, previewTotals, type QuoteDraft } from './quote-draft.ts';
import { QuoteCustomLine, QuoteProductLine } from './QuoteLineFields.tsx';
import { QuoteTermsFields } from './QuoteTermsFields.tsx';
import { useQuoteLists } from './use-quote-lists.ts';
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
          return (
            <li key={line.key} className="adm-fieldset">
              {line.kind === 'product' ? (
                <QuoteProductLine
                  line={line}
                  index={index}
                  product={products.find((p) => p.id === line.product_id)}
                  productOptions={productOptions}
                  lists={lists}
                  at={at}
                  change={(patch) => change(line.key, patch)}
                />
              ) : (
                <QuoteCustomLine line={line} index={index} at={at} change={(patch) => change(line.key, patch)} />
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
      <QuoteTermsFields
        draft={draft}
        fields={fields}
        turnaround={turnaround}
        onChange={(terms) => setDraft({ ...draft, ...terms })}
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
