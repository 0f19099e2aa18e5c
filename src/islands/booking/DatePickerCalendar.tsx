// The DatePicker's calendar popup: a month grid used from the keyboard. Its code is imported when a calendar first opens.
import { useEffect, useMemo, useRef, useState } from 'react';
import { addDays, dayOfWeek, monthGrid, monthOf, shiftMonth } from '../../shared/rules/booking-dates';
import { dateFormat } from '../../shared/rules/format-day';

/** The picker's labels: open button, previous and next month, the dialog name, the invalid-day message. */
export interface DatePickerTexts {
  open: string;
  previous: string;
  next: string;
  dialog: string;
  invalid: string;
}

export interface CalendarProps {
  id: string;
  label: string;
  /** The chosen day, shown selected. */
  value: string;
  /** The day that has the focus when the calendar opens. */
  start: string;
  min: string;
  max?: string;
  weekStart: 0 | 1;
  language: string;
  texts: DatePickerTexts;
  onPick: (day: string) => void;
  onClose: () => void;
}

export default function DatePickerCalendar({ id, label, value, start, min, max, weekStart, language, texts, onPick, onClose }: CalendarProps) {
  const [focusDay, setFocusDay] = useState(start);
  const [month, setMonth] = useState(monthOf(start));
  const grid = useRef<HTMLDivElement>(null);

  const days = useMemo(() => monthGrid(month, weekStart), [month, weekStart]);
  const formats = useMemo(
    () => ({
      weekday: dateFormat(language, { weekday: 'short', timeZone: 'UTC' }),
      weekdayLong: dateFormat(language, { weekday: 'long', timeZone: 'UTC' }),
      month: dateFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      day: dateFormat(language, { dateStyle: 'full', timeZone: 'UTC' }),
    }),
    [language],
  );
  const weekdays = useMemo(
    () =>
      // 2023-01-01 was a Sunday.
      Array.from({ length: 7 }, (_, i) => {
        const d = new Date(Date.UTC(2023, 0, 1 + ((i + weekStart) % 7)));
        return { short: formats.weekday.format(d), long: formats.weekdayLong.format(d) };
      }),
    [formats, weekStart],
  );
  const monthTitle = formats.month.format(new Date(`${month}-01T00:00:00Z`));
  const dayLabel = (d: string) => formats.day.format(new Date(`${d}T00:00:00Z`));
  const selectable = (d: string) => d >= min && (!max || d <= max);

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  function pick(d: string) {
    if (selectable(d)) onPick(d);
  }

  function moveTo(d: string) {
    setFocusDay(d);
    if (monthOf(d) !== month) setMonth(monthOf(d));
  }

  function onGridKey(e: React.KeyboardEvent) {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (e.key in moves) {
      e.preventDefault();
      moveTo(addDays(focusDay, moves[e.key]!));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const offset = (dayOfWeek(focusDay) - weekStart + 7) % 7;
      moveTo(addDays(focusDay, e.key === 'Home' ? -offset : 6 - offset));
    } else if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      const target = shiftMonth(monthOf(focusDay), e.key === 'PageUp' ? -1 : 1);
      moveTo(`${target}-${String(Math.min(Number(focusDay.slice(8)), 28)).padStart(2, '0')}`);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(focusDay);
    }
  }

  return (
    <div
      id={`${id}-cal`}
      className="bk-calendar"
      role="dialog"
      aria-modal="false"
      aria-label={`${texts.dialog}: ${label}`}
      data-testid="calendar"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="bk-calendar__head">
        <button type="button" className="btn btn-ghost btn-sm" aria-label={texts.previous} onClick={() => setMonth(shiftMonth(month, -1))}>
          ‹
        </button>
        <span className="bk-calendar__title" aria-live="polite">
          {monthTitle}
        </span>
        <button type="button" className="btn btn-ghost btn-sm" aria-label={texts.next} onClick={() => setMonth(shiftMonth(month, 1))}>
          ›
        </button>
      </div>
      <div role="grid" ref={grid} aria-label={monthTitle} onKeyDown={onGridKey} className="bk-calendar__grid">
        <div role="row" className="bk-calendar__row">
          {weekdays.map((w) => (
            <span role="columnheader" key={w.long} title={w.long} className="bk-calendar__wd" data-testid="weekday">
              {w.short}
            </span>
          ))}
        </div>
        {Array.from({ length: 6 }, (_, week) => (
          <div role="row" className="bk-calendar__row" key={week}>
            {days.slice(week * 7, week * 7 + 7).map((d) => {
              const inMonth = monthOf(d) === month;
              const ok = selectable(d);
              return (
                <span role="gridcell" key={d} aria-selected={d === value}>
                  <button
                    type="button"
                    data-day={d}
                    tabIndex={d === focusDay ? 0 : -1}
                    aria-label={dayLabel(d)}
                    aria-disabled={!ok || undefined}
                    className={`bk-calendar__day${inMonth ? '' : ' is-outside'}${d === value ? ' is-selected' : ''}`}
                    onClick={() => pick(d)}
                    onFocus={() => setFocusDay(d)}
                  >
                    {Number(d.slice(8))}
                  </button>
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
