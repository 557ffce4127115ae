import { useState } from 'react';
import { shopDay } from '../../lib/site/shop-time.ts';
import { receivablesExportQuerySchema } from '../../lib/admin-schemas/receivables.ts';
import { api } from '../api.ts';
import { Button } from '../ui/controls.tsx';
import { DateField } from '../ui/DateField.tsx';
import { useAction } from '../use-action.ts';

const FILES = {
  invoices: { path: 'admin/receivables/invoices.csv', label: 'Download invoices CSV' },
  payments: { path: 'admin/receivables/payments.csv', label: 'Download payments CSV' },
} as const;

/** This month so far, in the shop's calendar: the range an owner books most often. */
function thisMonth() {
  const today = shopDay();
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/**
 * The two files for the bookkeeper: the invoices issued in a range, in the columns QuickBooks
 * Online's invoice import reads, and the payments received. The range is checked with the
 * server's own rule before anything is asked.
 */
export function ReceivablesExport() {
  const [range, setRange] = useState(thisMonth);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, error, run } = useAction('The export failed.');

  const save = (file: keyof typeof FILES) =>
    run(async () => {
      const checked = receivablesExportQuerySchema.safeParse(range);
      if (!checked.success) {
        const fields: Record<string, string> = {};
        for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= issue.message;
        setErrors(fields);
        return;
      }
      setErrors({});
      const blob = await api.download(FILES[file].path, checked.data);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${file}-${checked.data.from}-to-${checked.data.to}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });

  return (
    <section aria-labelledby="receivables-export-title" className="adm-receivables-export">
      <h2 id="receivables-export-title">Export for QuickBooks Online</h2>
      <p className="adm-muted">
        Invoices issued, or payments received, from the first day to the last (both included). Import the invoices file
        in QuickBooks Online under Settings → Import data → Invoices.
      </p>
      <div className="adm-filters">
        <DateField
          label="From"
          value={range.from}
          onChange={(from) => setRange((r) => ({ ...r, from }))}
          errorMessage={errors['from']}
        />
        <DateField
          label="To"
          value={range.to}
          onChange={(to) => setRange((r) => ({ ...r, to }))}
          errorMessage={errors['to']}
        />
        <Button isDisabled={pending} onPress={() => void save('invoices')}>
          {FILES.invoices.label}
        </Button>
        <Button isDisabled={pending} onPress={() => void save('payments')}>
          {FILES.payments.label}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="adm-field-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
