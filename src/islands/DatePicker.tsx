// A date field with a keyboard-usable calendar whose weeks start on the org's calendar day (Sunday or Monday).
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { addDays } from '../shared/booking-dates';

export interface DatePickerProps {
  label: string;
  value: string;
  onChange: (day: string) => void;
  /** Earliest selectable day (YYYY-MM-DD). */
  min: string;
  max?: string;
  /** 0 Sunday, 1 Monday. */
  weekStart: 0 | 1;
  language: string;
  /** Labels: open button, previous and next month, the dialog name. */
  texts: { open: string; previous: string; next: string; dialog: string; invalid: string };
  name?: string;
  error?: string;
  testId?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const monthOf = (day: string) => day.slice(0, 7);
const dayOfWeek = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const firstOfMonth = (month: string) => `${month}-01`;
const shiftMonth = (month: string, by: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
};
const validDay = (s: string) => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** The 6×7 days shown for a month, starting on the week-start day before the 1st. */
export function monthGrid(month: string, weekStart: 0 | 1): string[] {
  const first = firstOfMonth(month);
  const lead = (dayOfWeek(first) - weekStart + 7) % 7;
  const start = addDays(first, -lead);
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

export default function DatePicker({ label, value, onChange, min, max, weekStart, language, texts, name, error, testId }: DatePickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value);
  const [focusDay, setFocusDay] = useState(value || min);
  const [month, setMonth] = useState(monthOf(value || min));
  const [typedError, setTypedError] = useState('');
  const grid = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => setText(value), [value]);

  const days = useMemo(() => monthGrid(month, weekStart), [month, weekStart]);
  // Intl formatters are slow to create (the first one loads locale data): only once the calendar is open.
  const weekdays = useMemo(() => {
    if (!open) return [];
    const fmt = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    // 2023-01-01 was a Sunday.
    return Array.from({ length: 7 }, (_, i) => {
      const d = new Date(Date.UTC(2023, 0, 1 + ((i + weekStart) % 7)));
      return { short: fmt.format(d), long: long.format(d) };
    });
  }, [open, language, weekStart]);
  const monthTitle = !open ? '' : new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  const dayLabel = (d: string) => new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const selectable = (d: string) => d >= min && (!max || d <= max);

  useEffect(() => {
    if (!open) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [open, focusDay, month]);

  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  function openCalendar() {
    const start = value && validDay(value) ? value : min;
    setFocusDay(start);
    setMonth(monthOf(start));
    setOpen(true);
  }

  function close(refocus = true) {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  }

  function pick(d: string) {
    if (!selectable(d)) return;
    setTypedError('');
    onChange(d);
    close();
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

  function onTyped() {
    const v = text.trim();
    if (v === value) return;
    if (!validDay(v) || !selectable(v)) {
      setTypedError(texts.invalid);
      return;
    }
    setTypedError('');
    onChange(v);
  }

  const shownError = error || typedError;
  return (
    <div className="field bk-date" ref={root} data-testid={testId}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="input-group">
        <input
          id={`${id}-input`}
          className="input"
          name={name}
          value={text}
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          autoComplete="off"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={onTyped}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onTyped();
            }
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              openCalendar();
            }
          }}
        />
        <button ref={toggle} type="button" className="btn" aria-label={`${texts.open}: ${label}`} aria-expanded={open} aria-controls={`${id}-cal`} onClick={() => (open ? close() : openCalendar())}>
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
        </button>
      </div>
      {shownError ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {shownError}
        </span>
      ) : null}
      {open ? (
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
              close();
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
      ) : null}
    </div>
  );
}
