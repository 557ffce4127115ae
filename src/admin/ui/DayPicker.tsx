import { useState } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  type DateValue,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';
import { shopToday } from '../shop-today.ts';
import { Button } from './controls.tsx';
import './day-picker.css';

/**
 * A calendar day as people type it (issue 44, item 8): react-aria's date picker, whose month, day
 * and year segments take digits as they come ("11282026" is Nov 28, 2026) or the arrow keys, with
 * a calendar beside it. It answers 'YYYY-MM-DD' (a day on the shop's calendar: the server reads it
 * in the shop's time zone) or '' once cleared. It keeps its own value; Clear starts it afresh. Its
 * today is the shop's (shop-today.ts).
 */
export function DayPicker({ label, onChange }: { label: string; onChange: (day: string) => void }) {
  const [round, setRound] = useState(0);
  const [chosen, setChosen] = useState(false);
  const change = (value: DateValue | null) => {
    setChosen(value !== null);
    onChange(value ? value.toString().slice(0, 10) : '');
  };
  return (
    <div className="adm-select-wrap">
      <DatePicker
        key={round}
        className="adm-field"
        onChange={change}
        granularity="day"
        shouldForceLeadingZeros
        // Typing and the calendar start from the shop's today, not the browser's.
        placeholderValue={shopToday()}
      >
        <Label>{label}</Label>
        <Group className="adm-date">
          <DateInput className="adm-date-input">{(segment) => <DateSegment segment={segment} />}</DateInput>
          <AriaButton className="adm-button adm-button--quiet" aria-label={`Pick ${label}`}>
            <span aria-hidden="true">▾</span>
          </AriaButton>
        </Group>
        <Popover className="adm-popover">
          <Dialog aria-label={`${label} calendar`}>
            <Calendar>
              <header className="adm-calendar-head">
                <AriaButton slot="previous" className="adm-button adm-button--quiet">
                  ‹
                </AriaButton>
                <Heading />
                <AriaButton slot="next" className="adm-button adm-button--quiet">
                  ›
                </AriaButton>
              </header>
              <CalendarGrid>{(date) => <CalendarCell date={date} className="adm-calendar-cell" />}</CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
      {chosen ? (
        <Button
          variant="quiet"
          aria-label={`Clear ${label}`}
          onPress={() => {
            setRound((n) => n + 1);
            change(null);
          }}
        >
          ×
        </Button>
      ) : null}
    </div>
  );
}
