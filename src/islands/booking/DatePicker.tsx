// A date field with a keyboard-usable calendar whose weeks start on the org's calendar day (Sunday or Monday).
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { DatePickerTexts } from './DatePickerCalendar';

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
  texts: DatePickerTexts;
  name?: string;
  error?: string;
  testId?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (s: string) => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

// The calendar's code (grid, keys, Intl formatting) is fetched when a calendar is first wanted: on the way to the
// button (pointer over it, focus) or, at the latest, when it opens.
let calendarModule: Promise<typeof import('./DatePickerCalendar')> | undefined;
const loadCalendar = () => (calendarModule ??= import('./DatePickerCalendar'));
const Calendar = lazy(loadCalendar);

export default function DatePicker({ label, value, onChange, min, max, weekStart, language, texts, name, error, testId }: DatePickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value);
  const [start, setStart] = useState(value || min);
  const [typedError, setTypedError] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => setText(value), [value]);

  const selectable = (d: string) => d >= min && (!max || d <= max);

  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  function openCalendar() {
    setStart(value && validDay(value) ? value : min);
    setOpen(true);
  }

  function close(refocus = true) {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  }

  function pick(d: string) {
    setTypedError('');
    onChange(d);
    close();
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
        <button ref={toggle} type="button" className="btn" aria-label={`${texts.open}: ${label}`} aria-expanded={open} aria-controls={`${id}-cal`} onPointerEnter={loadCalendar} onFocus={loadCalendar} onClick={() => (open ? close() : openCalendar())}>
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
        <Suspense fallback={null}>
          <Calendar id={id} label={label} value={value} start={start} min={min} max={max} weekStart={weekStart} language={language} texts={texts} onPick={pick} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
