import { NumberField, Select } from '../ui/controls.tsx';
import type { QuoteDraft } from './quote-draft.ts';

type Terms = Pick<QuoteDraft, 'deposit_percent' | 'balance_due'>;

/**
 * A quote's payment terms (docs/decisions/0029-deposits.md): the share Accept pays, and, when that is not the whole
 * quote, when the balance is asked (when the order is ready, or before printing).
 */
export function QuoteDepositFields({
  draft,
  fields,
  onChange,
}: {
  draft: Terms;
  fields: Record<string, string>;
  onChange: (terms: Partial<Terms>) => void;
}) {
  return (
    <>
      <NumberField
        label="Deposit on Accept (%)"
        description="The share the customer pays to accept; 100 takes the whole quote."
        value={draft.deposit_percent}
        onChange={(deposit_percent) => onChange({ deposit_percent })}
        errorMessage={fields['deposit_percent']}
      />
      {draft.deposit_percent !== 100 ? (
        <Select
          label="Ask for the balance"
          options={[
            { id: 'ready', label: 'When the order is ready (pickup or shipped)' },
            { id: 'before_production', label: 'Before printing (paid in full before production)' },
          ]}
          value={draft.balance_due}
          onChange={(v) => onChange({ balance_due: v === 'before_production' ? v : 'ready' })}
          errorMessage={fields['balance_due']}
        />
      ) : null}
    </>
  );
}
