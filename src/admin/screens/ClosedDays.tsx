import { useState } from 'react';
import type { AdminShopCalendar, ClosedDayKind } from '../../lib/admin-schemas/shop-calendar.ts';
import { shopDateWords, shopDay } from '../../lib/site/shop-time.ts';
import { ApiError, api } from '../api.ts';
import { notify } from '../stores.ts';
import { Button, NumberField, TextField } from '../ui/controls.tsx';
import { DateField } from '../ui/DateField.tsx';
import { Select } from '../ui/Select.tsx';

export type ClosedDay = AdminShopCalendar['closed_days'][number];

const KINDS = [
  { id: 'holiday', label: 'Holiday' },
  { id: 'blackout', label: 'Blackout day' },
];

/**
 * The days the shop is shut although they are working weekdays (issue 46): holidays (the US
 * federal ones of a year added in one go from date-holidays, then edited like any other row) and
 * blackout days. The list is only the form's until the calendar is saved.
 */
export function ClosedDays({
  days,
  onChange,
  errors,
}: {
  days: ClosedDay[];
  onChange: (days: ClosedDay[]) => void;
  errors: Record<string, string>;
}) {
  const [year, setYear] = useState<number | null>(Number(shopDay().slice(0, 4)) + 1);
  const [adding, setAdding] = useState(false);
  const set = (i: number, patch: Partial<ClosedDay>) =>
    onChange(days.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  const addHolidays = async () => {
    if (year === null || adding) return;
    setAdding(true);
    try {
      const { holidays } = await api.get<{ holidays: ClosedDay[] }>(`admin/shop-calendar/us-holidays?year=${year}`);
      const listed = new Set(days.map((d) => d.day));
      const fresh = holidays.filter((h) => !listed.has(h.day));
      onChange([...days, ...fresh].sort((a, b) => a.day.localeCompare(b.day)));
      notify(
        fresh.length
          ? `Added ${fresh.length} US federal holidays of ${year}: remove any the shop works, then save the calendar.`
          : `The US federal holidays of ${year} are already listed.`,
      );
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'Could not load the holidays. Please try again.', 'negative');
    } finally {
      setAdding(false);
    }
  };

  return (
    <fieldset className="adm-fieldset">
      <legend>Holidays and blackout days</legend>
      <p className="adm-hint">No working day is counted on these days: every “Ready by” date moves past them.</p>
      {errors['closed_days'] ? (
        <p className="adm-error" role="alert">
          {errors['closed_days']}
        </p>
      ) : null}
      {days.length === 0 ? <p>No closed days yet.</p> : null}
      {days.map((d, i) => {
        const which = d.name.trim() || `closed day ${i + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; a row is its place in the list
          <div className="adm-closed-day" key={i}>
            <DateField
              label={`Day ${i + 1}${/^\d{4}-\d{2}-\d{2}$/.test(d.day) ? ` (${shopDateWords(d.day)})` : ''}`}
              value={d.day}
              onChange={(day) => set(i, { day })}
              errorMessage={errors[`closed_days.${i}.day`]}
            />
            <Select
              label={`Day ${i + 1} kind`}
              options={KINDS}
              value={d.kind}
              onChange={(kind) => set(i, { kind: (kind ?? 'blackout') as ClosedDayKind })}
              errorMessage={errors[`closed_days.${i}.kind`]}
            />
            <TextField
              label={`Day ${i + 1} name`}
              value={d.name}
              onChange={(name) => set(i, { name })}
              errorMessage={errors[`closed_days.${i}.name`]}
            />
            <Button variant="quiet" onPress={() => onChange(days.filter((_, j) => j !== i))}>
              {`Remove ${which}`}
            </Button>
          </div>
        );
      })}
      <div className="adm-closed-day-actions">
        <Button onPress={() => onChange([...days, { day: '', kind: 'blackout', name: '' }])}>Add a blackout day</Button>
        <NumberField label="Year" value={year} onChange={setYear} />
        <Button onPress={() => void addHolidays()} isDisabled={adding || year === null}>
          {adding ? 'Adding…' : 'Add US federal holidays'}
        </Button>
      </div>
    </fieldset>
  );
}
