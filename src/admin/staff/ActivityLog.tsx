import { type MouseEvent, useEffect, useState } from 'react';
import {
  ACTIVITY_KINDS,
  type ActivityAnswer,
  type ActivityEntry,
  activityExportQuerySchema,
} from '../../lib/admin-schemas/activity.ts';
import { api, SessionEndedError } from '../api.ts';
import { orderPath } from '../order-link.ts';
import { navigateTo } from '../stores.ts';
import { Button } from '../ui/controls.tsx';
import { DateField } from '../ui/DateField.tsx';
import { Pager } from '../ui/Pager.tsx';
import { ScrollRegion } from '../ui/ScrollRegion.tsx';
import { Select } from '../ui/Select.tsx';
import { useAction } from '../use-action.ts';

const PAGE = 50;
const KIND_OPTIONS = Object.entries(ACTIVITY_KINDS).map(([id, label]) => ({ id, label }));

interface Filters {
  staff_id: string | null;
  kind: string | null;
  from: string;
  to: string;
}

/** "Order 3F2A9C1B" opens the order (a real link); anything else is words. */
function Subject({ entry }: { entry: ActivityEntry }) {
  if (!entry.order_id) return <>{entry.subject}</>;
  const path = orderPath(entry.order_id);
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateTo(path);
  };
  return (
    <a href={path} onClick={go}>
      {entry.subject}
    </a>
  );
}

/**
 * The owner's activity log (issue 45): what each person did, newest first, filtered by person,
 * kind and the shop's days, with the same list as CSV.
 */
export function ActivityLog() {
  const [filters, setFilters] = useState<Filters>({ staff_id: null, kind: null, from: '', to: '' });
  const [offset, setOffset] = useState(0);
  const [data, setData] = useState<ActivityAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const exporting = useAction('The export failed.');

  const query = () => {
    const checked = activityExportQuerySchema.safeParse({
      staff_id: filters.staff_id ?? undefined,
      kind: filters.kind ?? undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
    });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Some filters are invalid.');
      return null;
    }
    setProblem(null);
    return checked.data;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: query reads the filters named here.
  useEffect(() => {
    const checked = query();
    if (!checked) return;
    api
      .get<ActivityAnswer>('admin/activity', { ...checked, limit: PAGE, offset })
      .then(setData)
      .catch((e: unknown) => {
        if (!(e instanceof SessionEndedError)) setProblem(e instanceof Error ? e.message : 'Could not load activity.');
      });
  }, [filters, offset]);

  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setOffset(0);
  };

  const exportCsv = () =>
    exporting.run(async () => {
      const checked = query();
      if (!checked) return;
      const blob = await api.download('admin/activity.csv', checked);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'activity.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });

  const people = (data?.people ?? []).map((p) => ({ id: p.id, label: p.removed ? `${p.name} (removed)` : p.name }));
  return (
    <section className="adm-screen adm-activity" aria-labelledby="activity-title">
      <div className="adm-screen-head">
        <h1 id="activity-title">Activity</h1>
      </div>
      <p className="adm-muted">What everyone in the back office did, newest first. Days are the shop&rsquo;s days.</p>
      <div className="adm-filters">
        <Select
          label="Person"
          options={people}
          value={filters.staff_id}
          onChange={(staff_id) => change({ staff_id })}
          clearable
        />
        <Select
          label="Kind"
          options={KIND_OPTIONS}
          value={filters.kind}
          onChange={(kind) => change({ kind })}
          clearable
        />
        <DateField label="From" value={filters.from} onChange={(from) => change({ from })} />
        <DateField label="To" value={filters.to} onChange={(to) => change({ to })} />
        <Button isDisabled={exporting.pending} onPress={() => void exportCsv()}>
          Export CSV
        </Button>
      </div>
      {problem || exporting.error ? (
        <p className="adm-error" role="alert">
          {problem ?? exporting.error}
        </p>
      ) : null}
      {data ? (
        <>
          <ScrollRegion label="Activity" className="adm-table-wrap">
            <table className="adm-table">
              <caption className="adm-visually-hidden">Activity, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Kind</th>
                  <th scope="col">About</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={`${entry.kind}-${entry.id}`}>
                    <td>{entry.at_words}</td>
                    <td>{entry.by}</td>
                    <td>{entry.kind_words}</td>
                    <td>
                      <Subject entry={entry} />
                    </td>
                    <td>{entry.words}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            label="Activity pages"
            plural="actions"
            offset={offset}
            pageSize={PAGE}
            shown={data.entries.length}
            total={data.total}
            onOffset={setOffset}
          />
        </>
      ) : null}
    </section>
  );
}
