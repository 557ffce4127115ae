import { type AdminShopCalendar, shopCalendarSchema } from '../../lib/admin-schemas/shop-calendar.ts';
import { useSettingsForm } from '../use-settings-form.ts';
import { Button, Checkbox, TextField } from '../ui/controls.tsx';
import { type ClosedDay, ClosedDays } from './ClosedDays.tsx';

interface CalendarForm {
  working_weekdays: number[];
  opens_at: string;
  closes_at: string;
  closed_days: ClosedDay[];
}

const formOf = (c: AdminShopCalendar): CalendarForm => ({
  working_weekdays: c.working_weekdays,
  opens_at: c.opens_at,
  closes_at: c.closes_at,
  closed_days: c.closed_days,
});

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * The shop's calendar (issue 46): the days and hours the shop works and the days it is shut.
 * Every date the shop promises (product page, cart, rush, quotes, checkout, the order page) counts
 * working days on it; a save republishes the site so the storefront's dates follow.
 */
export function ShopCalendar() {
  const { form, loadError, saving, errors, formRef, change, save } = useSettingsForm({
    path: 'admin/shop-calendar',
    formOf,
    schema: shopCalendarSchema,
    what: 'the calendar',
    saved: 'Calendar saved: the site is being republished with the new dates.',
  });

  const toggle = (day: number, on: boolean) =>
    form &&
    change({
      working_weekdays: on ? [...form.working_weekdays, day].sort() : form.working_weekdays.filter((d) => d !== day),
    });

  return (
    <section className="adm-screen" aria-labelledby="calendar-title">
      <div className="adm-screen-head">
        <h1 id="calendar-title">Calendar</h1>
      </div>
      {loadError ? (
        <p className="adm-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {form ? (
        <form className="adm-form adm-settings adm-calendar" onSubmit={(e) => void save(e)} noValidate ref={formRef}>
          <div className="adm-form-fields">
            <fieldset className="adm-fieldset">
              <legend>Working days</legend>
              {errors['working_weekdays'] ? (
                <p className="adm-error" role="alert">
                  {errors['working_weekdays']}
                </p>
              ) : null}
              {WEEKDAYS.map((name, i) => (
                <Checkbox
                  key={name}
                  isSelected={form.working_weekdays.includes(i + 1)}
                  onChange={(on) => toggle(i + 1, on)}
                >
                  {name}
                </Checkbox>
              ))}
            </fieldset>
            <TextField
              label="Opens at"
              description="On the shop's clock, 24-hour, e.g. 09:00."
              value={form.opens_at}
              onChange={(opens_at) => change({ opens_at })}
              errorMessage={errors['opens_at']}
            />
            <TextField
              label="Closes at"
              description="Work ordered or approved after this counts from the next working day."
              value={form.closes_at}
              onChange={(closes_at) => change({ closes_at })}
              errorMessage={errors['closes_at']}
            />
            <ClosedDays days={form.closed_days} onChange={(closed_days) => change({ closed_days })} errors={errors} />
          </div>
          <div className="adm-dialog-actions">
            <Button type="submit" variant="primary" isDisabled={saving}>
              {saving ? 'Saving…' : 'Save calendar'}
            </Button>
          </div>
        </form>
      ) : loadError ? null : (
        <p className="adm-loading">Loading…</p>
      )}
    </section>
  );
}
