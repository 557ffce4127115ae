import type { PriceList, TurnaroundList } from '../../lib/pricing/lists.ts';
import { SHIPPING_SPEEDS } from '../../lib/orders/shipping-speeds.ts';
import { Select, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import type { QuoteDraft } from './quote-draft.ts';
import { QuoteDepositFields } from './QuoteDepositFields.tsx';

/**
 * The quote's terms below its lines (docs/decisions/0017-quotes.md): turnaround when a product
 * has a turnaround list, discount, delivery and shipping speed, deposit, valid-until and the
 * message. `fields` holds the server's errors by field.
 */
export function QuoteTermsFields({
  draft,
  fields,
  turnaround,
  onChange,
}: {
  draft: QuoteDraft;
  fields: Record<string, string>;
  turnaround: PriceList<TurnaroundList> | undefined;
  onChange: (terms: Partial<QuoteDraft>) => void;
}) {
  return (
    <>
      {turnaround ? (
        <Select
          label="Turnaround"
          options={[
            { id: 'standard', label: `Standard, ${turnaround.data.standard_days} business days` },
            ...turnaround.data.rush.map((r) => ({ id: r.code, label: `${r.label} (+${r.percent} %)` })),
          ]}
          value={draft.rush ?? 'standard'}
          onChange={(v) => onChange({ rush: v === 'standard' || v === null ? null : v })}
          errorMessage={fields['rush']}
        />
      ) : null}
      <MoneyField
        label="Discount"
        cents={draft.discount_cents}
        onChange={(discount_cents) => onChange({ discount_cents })}
        errorMessage={fields['discount_cents']}
      />
      <Select
        label="Delivery"
        options={[
          { id: 'shipping', label: 'Ship' },
          { id: 'local', label: 'Local handoff' },
        ]}
        value={draft.fulfillment}
        onChange={(v) => onChange({ fulfillment: v === 'local' ? 'local' : 'shipping' })}
      />
      {draft.fulfillment === 'shipping' ? (
        <Select
          label="Shipping speed"
          options={SHIPPING_SPEEDS.map(({ value, label }) => ({ id: value, label }))}
          value={draft.shipping_speed}
          onChange={(v) => onChange({ shipping_speed: v === 'express' || v === 'overnight' ? v : 'standard' })}
        />
      ) : null}
      <QuoteDepositFields draft={draft} fields={fields} onChange={onChange} />
      <TextField
        label="Valid until"
        type="date"
        value={draft.valid_until}
        onChange={(valid_until) => onChange({ valid_until })}
        errorMessage={fields['valid_until']}
      />
      <TextField
        label="Message to the customer (optional)"
        multiline
        rows={3}
        value={draft.message}
        onChange={(message) => onChange({ message })}
        errorMessage={fields['message']}
      />
    </>
  );
}
